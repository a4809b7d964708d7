import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';
import { createS3Client } from '../modules/images/index.ts';

/**
 * A real S3-compatible server (s3rver, objects in a temporary directory) on a random loopback
 * port with one empty bucket: the stores and the app talk to it through the AWS SDK, as they would
 * to a bucket in production.
 */
export async function startS3Server(bucket = 'lumigen-test') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lumigen-s3-'));
  const serve = (on: number) =>
    new S3rver({
      address: '127.0.0.1',
      port: on,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
  let server = serve(0);
  const { port } = await server.run();
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  // s3rver takes any key pair with a valid signature; these are what the app is configured with.
  const s3: S3Config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = createS3Client(s3);
  return {
    s3,
    /** The same bucket as environment variables, for `loadConfig`. */
    env: {
      S3_BUCKET: bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint!,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    /** Every key in the bucket, as S3 lists them. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    /** The bucket becomes unreachable (connections refused); its objects are kept for `start`. */
    stop,
    /** The bucket answers again, on the same address, with what it held. */
    async start() {
      if (running) return;
      server = serve(port);
      await server.run();
      running = true;
    },
    async close() {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
