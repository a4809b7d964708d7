import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ImageStore } from './image-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `root`, two levels of shard folders (`ab/cd/<key>`) from a hash of the key so no
 * folder grows past a few thousand entries. Writes go to a temporary file that is flushed and
 * renamed into place: a crash leaves either the whole image or none of it.
 */
export function createFileImageStore(root: string): ImageStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const digest = createHash('sha256').update(key).digest('hex');
    return path.join(root, digest.slice(0, 2), digest.slice(2, 4), key);
  };

  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        const file = await open(temporary, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
