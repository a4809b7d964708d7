export { clipdropRoutes } from './clipdrop.routes.ts';
export { openAiImagesRoutes } from './openai-images.routes.ts';
