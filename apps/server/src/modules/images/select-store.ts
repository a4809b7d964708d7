import type { StorageConfig } from '../../config.ts';
import { createFileImageStore } from './file-image-store.ts';
import { reportingOutages, type ImageStores } from './image-store.ts';
import { createS3Client, createS3ImageStore } from './s3-image-store.ts';

/** The stores configuration chose: files under DATA_DIR, or the S3 bucket when S3_BUCKET is set. */
export function createImageStores(storage: StorageConfig): ImageStores {
  if (storage.provider === 'files') {
    return {
      images: reportingOutages(createFileImageStore(storage.imagesDir)),
      inputs: reportingOutages(createFileImageStore(storage.inputsDir)),
      description: `files in ${storage.imagesDir}`,
      close: async () => undefined,
    };
  }
  const { s3 } = storage;
  const client = createS3Client(s3);
  const where = s3.endpoint ? ` at ${new URL(s3.endpoint).origin}` : '';
  return {
    images: reportingOutages(createS3ImageStore({ client, bucket: s3.bucket, prefix: 'images' })),
    inputs: reportingOutages(createS3ImageStore({ client, bucket: s3.bucket, prefix: 'inputs' })),
    description: `s3 bucket ${s3.bucket}${where} (${s3.region}${s3.forcePathStyle ? ', path-style' : ''})`,
    close: async () => client.destroy(),
  };
}
