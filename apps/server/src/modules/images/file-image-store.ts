import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '../../lib/sync-directory.ts';
import { assertSafeKey, type ImageStore } from './image-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * A reader holds about two chunks (one read ahead, one in the socket's queue), so 300 slow
 * downloads hold 600 of them: 16 kB each (the socket's own high-water mark) keeps that near
 * 10 MB where fs's default 64 kB measured 60 MB more (`npm run bench`, docs/architecture.md §5).
 */
const readChunkBytes = 16 * 1024;

/**
 * Files under `root`, two levels of shard folders (`ab/cd/<key>`) from a hash of the key so no
 * folder grows past a few thousand entries. Writes go to a temporary file that is flushed and
 * renamed into place, and the folder is flushed after the rename: a crash or a power cut leaves
 * either the whole object or none of it. Files are 0600 and folders 0700: people's pictures are
 * nobody else's on the machine.
 */
export function createFileImageStore(root: string): ImageStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const digest = createHash('sha256').update(key).digest('hex');
    return path.join(root, digest.slice(0, 2), digest.slice(2, 4), key);
  };

  /** Flushes a written file to disk. */
  async function flush(temporary: string) {
    const file = await open(temporary, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
  }

  /** Runs `write` on a temporary file beside the target, which leaves it flushed, and renames it into place. */
  async function replaceAtomically(key: string, write: (temporary: string) => Promise<void>) {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await write(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
  }

  return {
    put: (key, bytes) =>
      replaceAtomically(key, async (temporary) => {
        // Flushed through the handle that wrote it: no second open, as a copied file needs.
        const file = await open(temporary, 'wx', 0o600);
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
      }),

    putFile: (key, source) =>
      replaceAtomically(key, async (temporary) => {
        await copyFile(source, temporary, constants.COPYFILE_EXCL);
        // A copy takes its source's mode (a spilled upload's): made private before it is renamed into place.
        await chmod(temporary, 0o600);
        await flush(temporary);
      }),

    async getStream(key) {
      // Opened here, so a missing file is undefined rather than a stream that fails later; once
      // open, a delete meanwhile does not cut the reader short (the file lives while it is open).
      let file;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const { size } = await file.stat();
        // Closes the file when the stream ends or is destroyed (a client gone mid-download).
        return { stream: file.createReadStream({ highWaterMark: readChunkBytes }), size };
      } catch (error) {
        await file.close();
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async *keysWrittenBefore(cutoff) {
      // Two shard levels, then the objects; a temporary file (`.tmp`) is a write in progress.
      for (const first of await readdir(root).catch(() => [] as string[])) {
        for (const second of await readdir(path.join(root, first)).catch(() => [] as string[])) {
          const folder = path.join(root, first, second);
          for (const name of await readdir(folder).catch(() => [] as string[])) {
            if (name.endsWith('.tmp')) continue;
            const info = await stat(path.join(folder, name)).catch(() => undefined);
            if (info?.isFile() && info.mtime < cutoff) yield name;
          }
        }
      }
    },
  };
}
