import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { describeImageStoreContract } from './image-store.contract.ts';
import { createImageStores } from './select-store.ts';

describeImageStoreContract('S3 (s3rver on loopback)', async () => {
  const server = await startS3Server();
  const stores = await createImageStores({ provider: 's3', s3: server.s3 });
  return {
    ...stores,
    async close() {
      await stores.close();
      await server.close();
    },
  };
});

describe('the S3 image store', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it('keeps each area under its own prefix of the one bucket', async () => {
    const stores = await createImageStores({ provider: 's3', s3: server.s3 });
    try {
      await stores.images.put('3f1c2a52-4a4e-4c55-9a52-2f1f6f1f0c11.png', Buffer.from('image'));
      await stores.inputs.put('job-7.image', Buffer.from('input'));
      expect(await server.keys()).toEqual(['images/3f1c2a52-4a4e-4c55-9a52-2f1f6f1f0c11.png', 'inputs/job-7.image']);
      expect(stores.description).toBe(`s3 bucket lumigen-test at ${server.s3.endpoint} (us-east-1, path-style)`);
    } finally {
      await stores.close();
    }
  });

  it('fails loudly, not as "missing", when the bucket does not exist', async () => {
    const stores = await createImageStores({ provider: 's3', s3: { ...server.s3, bucket: 'no-such-bucket' } });
    try {
      await expect(stores.images.getStream('x.png')).rejects.toThrow(/bucket/i);
      await expect(stores.images.put('x.png', Buffer.from('x'))).rejects.toThrow(/bucket/i);
    } finally {
      await stores.close();
    }
  });
});
