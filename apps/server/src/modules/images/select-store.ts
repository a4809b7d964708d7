import type { StorageConfig } from '../../config.ts';
import { createFileImageStore } from './file-image-store.ts';
import { reportingOutages, type ImageStores } from './image-store.ts';

/**
 * The stores configuration chose: files under DATA_DIR, or the S3 bucket when S3_BUCKET is set.
 * The AWS SDK, some 20 MB of resident memory, is loaded only for the bucket.
 */
export async function createImageStores(storage: StorageConfig): Promise<ImageStores> {
  if (storage.provider === 'files') {
    return {
      images: reportingOutages(createFileImageStore(storage.imagesDir)),
      inputs: reportingOutages(createFileImageStore(storage.inputsDir)),
      description: `files in ${storage.imagesDir}`,
      close: async () => undefined,
    };
  }
  const { s3 } = storage;
  const { createS3Client, createS3ImageStore } = await import('./s3-image-store.ts');
  const client = createS3Client(s3);
  const where = s3.endpoint ? ` at ${new URL(s3.endpoint).origin}` : '';
  return {
    images: reportingOutages(createS3ImageStore({ client, bucket: s3.bucket, prefix: 'images' })),
    inputs: reportingOutages(createS3ImageStore({ client, bucket: s3.bucket, prefix: 'inputs' })),
    description: `s3 bucket ${s3.bucket}${where} (${s3.region}${s3.forcePathStyle ? ', path-style' : ''})`,
    close: async () => client.destroy(),
  };
}
