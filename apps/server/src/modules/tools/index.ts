export { type CheckedImage, type ToolInput, type ToolProvider, ToolProviderError } from './providers/provider.ts';
export { recordProviderAttempts } from './providers/attempts.repository.ts';
export { describeChains } from './providers/chain.ts';
export { isLocalPreview, workPrices } from './providers/local-engines.ts';
export { selectToolProvider } from './providers/select-provider.ts';
export { acceptToolCall } from './tool-call.ts';
export { type UploadedFile, removeStaleUploads, spillFilePart, uploadError, uploadLimits } from './tool-upload.ts';
export { toolsRoutes } from './tools.routes.ts';
export { type ToolsService, createToolsService, fieldsAsSent } from './tools.service.ts';
