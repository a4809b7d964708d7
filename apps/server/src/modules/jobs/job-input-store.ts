import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

/**
 * Where a job's uploads wait between the request that accepted it and the worker that runs it,
 * possibly on another machine. Files under `DATA_DIR/job-inputs` here; the shared object store
 * (S3-compatible) implements the same three calls. Keys are ours (`<job id>-<role>`).
 */
export type JobInputStore = {
  /** Stores the stream under `key`, all or nothing. */
  put(key: string, source: Readable): Promise<void>;
  /** The bytes under `key`, streamed; the stream errors when there are none. */
  read(key: string): Readable;
  /** Removes `key`; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
};

function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(key)) throw new Error('invalid job input key');
}

export function createFileJobInputStore(root: string): JobInputStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, source) {
      const target = pathOf(key);
      await mkdir(root, { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    read: (key) => createReadStream(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
