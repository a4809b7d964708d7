export { generationRoutes } from './generation.routes.ts';
export { type GenerationService, createGenerationService, previewsParam } from './generation.service.ts';
export { type Dimensions, familyOf, flexibleSizeFor, isFlexibleSizeAllowed } from './providers/openai-request.ts';
export {
  type GeneratedImage,
  type GenerationCall,
  type GenerationInput,
  type GenerationProvider,
  GenerationProviderError,
  type ProviderFailure,
} from './providers/provider.ts';
export { selectGenerationProvider } from './providers/select-provider.ts';
