export { createFileImageStore } from './file-image-store.ts';
export { type AnswerPng, base64JsonStream, imageAnswerStream, pngBody, pngBytes } from './image-answer.ts';
export { type ImageStore, type ImageStores, StorageUnavailableError, type StoredObject } from './image-store.ts';
export { type ImageRow } from './images.repository.ts';
export { imagesRoutes } from './images.routes.ts';
export { type ImagesService, type NewImage, createImagesService } from './images.service.ts';
export { createS3Client } from './s3-image-store.ts';
export { createImageStores } from './select-store.ts';
