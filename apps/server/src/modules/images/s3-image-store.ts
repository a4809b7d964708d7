import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertSafeKey, isSafeKey, type ImageStore } from './image-store.ts';

/**
 * Every download in flight holds one connection to the bucket for as long as its reader takes
 * (the object streams through, it is never buffered), so the SDK's default of 50 would make the
 * 51st slow download wait for the first to finish. This many is far above the budgeted 300
 * readers and far below a process's file descriptors.
 */
const maxConnections = 1024;

/** One client for every area of the bucket: one pool of connections (docs/decisions/021). */
export function createS3Client(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Since 3.729 the SDK adds CRC32 checksums to every upload and checks them on downloads by
    // default; many S3-compatible servers do not speak that yet. s3rver (our tests) and older
    // MinIO, Ceph and R2 store a streamed upload's aws-chunked framing as the object's bytes
    // (a 300 kB file came back 80 bytes longer). Only where an operation requires a checksum,
    // then; TLS and the signature protect the bytes on the way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5_000,
      // Until the answer's headers, not its body: a download may stream for as long as its
      // reader takes, but a bucket that does not answer at all fails the call.
      requestTimeout: 60_000,
      throwOnRequestTimeout: true,
      httpAgent: { maxSockets: maxConnections },
      httpsAgent: { maxSockets: maxConnections },
    },
  });
}

/**
 * No such key (`NotFound`: a 404 without a body, as some servers answer). Not every 404: a
 * missing bucket (`NoSuchBucket`) is a broken configuration, and must fail loudly.
 */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Objects in `bucket` under `prefix/` (`images/<uuid>.png`, `inputs/<key>`). A PutObject is
 * atomic in S3: a reader sees the old object or the new one, never a part.
 */
export function createS3ImageStore({
  client,
  bucket,
  prefix,
}: {
  client: S3Client;
  bucket: string;
  prefix: string;
}): ImageStore {
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return `${prefix}/${key}`;
  };

  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: bytes, ContentLength: bytes.length }),
      );
    },

    async putFile(key, file) {
      const objectKey = keyOf(key);
      const { size } = await stat(file);
      // The length up front lets the upload stream: without it the SDK would read the file whole.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: createReadStream(file), ContentLength: size }),
      );
    },

    async getStream(key) {
      try {
        const { Body, ContentLength } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!(Body instanceof Readable) || ContentLength === undefined) {
          if (Body instanceof Readable) Body.destroy();
          throw new Error('the bucket answered without a body stream or its length');
        }
        return { stream: Body, size: ContentLength };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 whether or not the key was there.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },

    async *keysWrittenBefore(cutoff) {
      // A page is at most 1000 keys; LastModified is when the object was last put.
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: `${prefix}/` })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length + 1);
          // Only what our own keys look like: anything else in the area was not put by us.
          if (key && isSafeKey(key) && object.LastModified && object.LastModified < cutoff) yield key;
        }
      }
    },
  };
}
