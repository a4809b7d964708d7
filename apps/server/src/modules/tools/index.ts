export {
  type CheckedImage,
  type ProviderAttempt,
  type ToolInput,
  type ToolProvider,
  ToolProviderError,
} from './providers/provider.ts';
export { recordProviderAttempts } from './providers/attempts.repository.ts';
export { describeChains, providerAttempts } from './providers/chain.ts';
export { pricesWith } from './providers/prices.ts';
export { isLocalPreview, workPrices } from './providers/local-engines.ts';
export { selectEditChain, selectToolProvider } from './providers/select-provider.ts';
export { type EditChain, type EditInput, type EditProvider, createEditChain } from './providers/edit-with-words.ts';
export { acceptToolCall } from './tool-call.ts';
export { type UploadedFile, removeStaleUploads, spillFilePart, uploadError, uploadLimits } from './tool-upload.ts';
export { checkImage } from './tool-input.ts';
export { toolsRoutes } from './tools.routes.ts';
export { type ToolsService, createToolsService, fieldsAsSent } from './tools.service.ts';
export { acceptEditCall } from './edit-call.ts';
export { type EditFieldNames, editUploadLimits } from './edit-upload.ts';
export { editRoutes } from './edit.routes.ts';
export { type EditService, createEditService } from './edit.service.ts';
