import { statfs } from 'node:fs/promises';
import { messages } from '@lumigen/contract/messages';
import { AppError } from './app-error.ts';
import { createOpenStreams } from './open-streams.ts';

/**
 * Many-picture uploads (a batch, a recipe's run) one account may have in progress at once in a
 * process. A one-picture tool call is bounded by its size limit and the paid-work rate limit, and
 * counts only against the spill cap: concurrent edits are the product's own use.
 */
export const maxUploadsPerUser = 2;
// A full spill area or a full disk frees up as uploads end: ask again after this long.
const retrySeconds = 30;
// How long one look at the disk's free space is trusted: a health check flood must not stat per call.
const diskLookMs = 1000;

/** The bytes one upload spilled so far; `take` refuses (503) the chunk that would pass the process's cap. */
export type SpillBudget = { take(bytes: number): void };
export type UploadAdmission = { budget: SpillBudget; release(): void };

/**
 * Uploads spill to `DATA_DIR/uploads`, the disk the embedded database writes to. This bounds them
 * in each process: `maxUploadsPerUser` at once per account (429), `maxSpillBytes` on disk in all
 * (503), and none while `dataDir`'s disk has less than `minFreeBytes` free (503).
 */
export function createUploadGuard({
  dataDir,
  maxSpillBytes,
  minFreeBytes,
}: {
  dataDir: string;
  maxSpillBytes: number;
  minFreeBytes: number;
}) {
  const inProgress = createOpenStreams();
  let spilled = 0;
  let lastLook: { at: number; low: boolean } | undefined;

  const unavailable = (message: string) =>
    new AppError('unavailable', message, { headers: { 'retry-after': String(retrySeconds) } });

  async function diskLow(): Promise<boolean> {
    const now = Date.now();
    if (lastLook && now - lastLook.at < diskLookMs) return lastLook.low;
    const stats = await statfs(dataDir);
    lastLook = { at: now, low: stats.bavail * stats.bsize < minFreeBytes };
    return lastLook.low;
  }

  return {
    diskLow,

    /** Lets an upload of `userId` begin, or says why not; `release` when its files are gone. */
    async admit(userId: string, { manyPictures }: { manyPictures: boolean }): Promise<UploadAdmission> {
      if (await diskLow()) throw unavailable(messages.uploads.diskLow);
      if (spilled >= maxSpillBytes) throw unavailable(messages.uploads.spillFull);
      const leave = manyPictures ? inProgress.enter([[`user:${userId}`, maxUploadsPerUser]]) : () => undefined;
      if (!leave)
        throw new AppError('rate_limited', messages.uploads.tooManyAtOnce(maxUploadsPerUser), {
          headers: { 'retry-after': String(retrySeconds) },
        });
      let mine = 0;
      let released = false;
      return {
        budget: {
          take(bytes) {
            if (spilled + bytes > maxSpillBytes) throw unavailable(messages.uploads.spillFull);
            spilled += bytes;
            mine += bytes;
          },
        },
        release() {
          if (released) return;
          released = true;
          spilled -= mine;
          leave();
        },
      };
    },
  };
}

export type UploadGuard = ReturnType<typeof createUploadGuard>;
