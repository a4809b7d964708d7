import type { CreditsService } from '../credits/index.ts';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { jobPreviewLimits } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaidImages } from './paid-image.ts';
import type { JobMetrics } from '../metrics/index.ts';
import { snapshotOfRow, type JobWatch } from './job-watch.ts';
import { type ImagesService, type ImageStore, StorageUnavailableError, type StoredObject } from '../images/index.ts';
import type { JobKindHandler } from './job-kind.ts';
import type { QueuedJob } from './job-queue.ts';
import type { JobSettlement } from './job-settlement.ts';
import * as repo from './jobs.repository.ts';
import { previewWebp } from './previews.ts';
import { assertUsableOutput, UnusableOutputError } from './usable-output.ts';

const secondsBetween = (from: Date | string, to: Date | string) =>
  Math.max(0, (new Date(to).getTime() - new Date(from).getTime()) / 1000);

/** A failure as the job keeps it: our answer's code, words and Retry-After, or a bug's 500. */
function failureOf(answer: AppError | undefined): repo.JobFailure {
  if (!answer) return { errorCode: 'internal', message: messages.job.internal };
  const retryAfter = Number(answer.headers['retry-after']);
  return {
    errorCode: answer.code,
    message: answer.message,
    retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
  };
}

const storageDown = (error: StorageUnavailableError) =>
  new AppError('unavailable', messages.job.storageUnavailable, { cause: error });

/**
 * What a worker does with a job pg-boss hands it: start an attempt, copy the inputs to files of
 * its own (under `uploadsDir`, deleted before the job ends), let the kind make the image, deliver
 * it (stored, credit committed, job succeeded: one transaction), or fail the job and refund. A
 * provider's 429/5xx with a retry left throws instead, and pg-boss tries again after a back-off.
 */
export function createJobRunner({
  db,
  kinds,
  paidImages,
  settlement,
  inputs,
  images,
  watch,
  uploadsDir,
  metrics,
  log: baseLog,
  credits,
}: {
  /** Counts unusable-output refunds against the account's daily budget. */
  credits: Pick<CreditsService, 'countUnusableRefund'>;
  db: Db;
  kinds: Record<string, JobKindHandler>;
  paidImages: PaidImages;
  settlement: JobSettlement;
  inputs: ImageStore;
  images: Pick<ImagesService, 'openOwned'>;
  watch: JobWatch;
  uploadsDir: string;
  metrics: JobMetrics;
  log: FastifyBaseLogger;
}) {
  /** The job's inputs as they are stored: its own uploads, or (a recipe's later step) the image of the job it follows. */
  async function storedInputs(
    row: repo.JobRow,
  ): Promise<Array<[role: string, open: () => Promise<StoredObject | undefined>]>> {
    if (!row.follows_job_id)
      return Object.entries(row.input_keys).map(([role, key]) => [role, () => inputs.getStream(key)]);
    const previous = await repo.findJob(db, row.follows_job_id);
    const imageId = previous?.image_id;
    if (!imageId) throw new Error(`job ${row.id} follows ${row.follows_job_id}, which has no image`);
    return [['image', () => images.openOwned(imageId, row.user_id)]];
  }

  async function withInputFiles<T>(
    row: repo.JobRow,
    use: (files: Record<string, string>, dir?: string) => Promise<T>,
  ): Promise<T> {
    const roles = await storedInputs(row);
    if (roles.length === 0) return use({});
    await mkdir(uploadsDir, { recursive: true });
    const dir = await mkdtemp(path.join(uploadsDir, 'job-'));
    try {
      const files: Record<string, string> = {};
      for (const [role, open] of roles) {
        files[role] = path.join(dir, role);
        const stored = await open();
        if (!stored) throw new Error(`job ${row.id}'s input ${role} is missing from the store`);
        await pipeline(stored.stream, createWriteStream(files[role], { flags: 'wx' }));
      }
      return await use(files, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    async run({ jobId, retryCount, retryLimit }: QueuedJob): Promise<void> {
      const row = await repo.startAttempt(db, jobId);
      // Canceled, or finished by an earlier attempt whose completion pg-boss never heard of.
      if (!row) return;
      watch.changed(jobId, snapshotOfRow(row));
      const attempt = row.attempts;
      const log = baseLog.child({ jobId, kind: row.kind, attempt });
      const kind = kinds[row.kind];
      // Both instants are the database's clock: the wait is right whichever machine accepted it.
      if (attempt === 1 && row.started_at)
        metrics.queueWait.observe({ kind: row.kind }, secondsBetween(row.created_at, row.started_at));
      const startedAt = performance.now();
      const ran = (outcome: 'succeeded' | 'failed' | 'retried' | 'discarded') =>
        metrics.runTime.observe({ kind: row.kind, outcome }, (performance.now() - startedAt) / 1000);
      try {
        if (!kind) throw new Error(`no handler for job kind ${row.kind}`);
        const progress = async (percent: number) => {
          const changed = await repo.setProgress(db, jobId, attempt, percent);
          if (changed) watch.changed(jobId, snapshotOfRow(changed));
        };
        let previews = 0;
        // A partial picture is a courtesy: one that cannot be kept is skipped, the job goes on.
        const preview = async (image: Buffer) => {
          if (previews >= jobPreviewLimits.most) return;
          previews += 1;
          try {
            const changed = await repo.addPreview(db, jobId, attempt, previews, await previewWebp(image));
            if (changed) watch.changed(jobId, snapshotOfRow(changed));
          } catch (error) {
            log.warn({ err: error, n: previews }, 'could not keep a preview; skipped');
          }
        };
        // Delivered and ended while the attempt's folder lasts: a large answer is a file in it.
        await withInputFiles(row, async (files, workDir) => {
          const made = await kind.produce({
            jobId,
            attempt,
            params: row.params,
            files,
            workDir,
            log,
            progress,
            preview,
          });
          // Before anything is stored or charged: a black, blank, unchanged or misshapen answer fails the job.
          try {
            await assertUsableOutput(made.png, kind.promise({ params: row.params, files }));
          } catch (error) {
            if (error instanceof UnusableOutputError) {
              metrics.unusable.inc({ provider: made.provider, tool: row.kind, reason: error.reason });
              const today = await credits.countUnusableRefund(row.user_id);
              log.warn(
                { tool: row.kind, provider: made.provider, reason: error.reason, unusableToday: today },
                'provider answered an unusable image; refunded',
              );
            }
            throw error;
          }
          let ended: repo.JobRow | undefined;
          const image = await paidImages.deliver({
            userId: row.user_id,
            reservationId: row.reservation_id,
            made,
            log,
            async claim(tx, imageId) {
              ended = await repo.markSucceeded(tx, jobId, attempt, imageId);
              if (ended) await settlement.promote(tx, row.user_id);
              return ended !== undefined;
            },
          });
          if (image && ended) {
            ran('succeeded');
            log.info({ imageId: image.id }, 'job succeeded');
            // Right after the commit, the inputs and this attempt's folder go together, then the
            // waiters are told. A waiter here answers with bytes the worker held; a file went with
            // the folder and is read from the store.
            await settlement.afterEnd(
              ended,
              Buffer.isBuffer(made.png) ? made.png : undefined,
              workDir ? rm(workDir, { recursive: true, force: true }) : undefined,
            );
          } else {
            ran('discarded');
            log.info('the job ended while this attempt ran; its image was discarded');
          }
        });
      } catch (error) {
        if (kind?.retryable(error) && retryCount < retryLimit) {
          ran('retried');
          log.warn({ err: error }, 'attempt failed at the provider; retrying after a back-off');
          await repo.requeue(db, jobId, attempt);
          watch.changed(jobId);
          throw error;
        }
        ran('failed');
        const answer =
          error instanceof AppError
            ? error
            : error instanceof StorageUnavailableError
              ? storageDown(error)
              : kind?.explain(error, log);
        if (!answer) log.error({ err: error }, 'job failed');
        else if (error instanceof StorageUnavailableError)
          log.error({ err: error }, 'job failed: image storage unavailable');
        await settlement.endWithoutImage((tx) => repo.markFailed(tx, jobId, attempt, failureOf(answer)));
      }
    },

    /** pg-boss gave up on the job (its last attempt expired with its worker, or failed): refund it. */
    async lost(jobId: string): Promise<void> {
      const ended = await settlement.endWithoutImage((tx) =>
        repo.markFailed(tx, jobId, undefined, { errorCode: 'unavailable', message: messages.job.lost }),
      );
      if (ended)
        baseLog.warn({ jobId, kind: ended.kind, attempts: ended.attempts }, 'job lost with its worker; refunded');
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
