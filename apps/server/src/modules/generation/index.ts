export { generationRoutes } from './generation.routes.ts';
export { type GenerationService, createGenerationService, previewsParam } from './generation.service.ts';
export { type Dimensions, familyOf, flexibleSizeFor, isFlexibleSizeAllowed } from './providers/openai-request.ts';
export {
  type GeneratedImage,
  type GenerationInput,
  type GenerationProvider,
  GenerationProviderError,
} from './providers/provider.ts';
export { selectGenerationProvider } from './providers/select-provider.ts';
