import { isFinishedJob, type JobKind } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import { AppError, statusByCode, type AppErrorCode } from '../../lib/app-error.ts';
import type { AnswerPng } from '../images/index.ts';
import type { JobEnding, JobSnapshot } from './job-watch.ts';
import type { JobsDeps } from './jobs-deps.ts';
import * as repo from './jobs.repository.ts';

/**
 * What a brief's call answers once its job is over (docs/product.md's shape); the image is its
 * bytes when this process made it and kept them, else the stored object.
 */
export type Finished = { imageId: string; png: AnswerPng; creditBalance: number };

/** Waiting for a job to end, and the synchronous calls' answer once it has. */
export function createWait({ db, kinds, credits, images, watch }: JobsDeps) {
  /**
   * The job once it is over, with its image's bytes when a worker of this process just made it
   * (else the caller reads them from the store); `signal` stops waiting (the caller went away).
   */
  async function waitForEnding(
    jobId: string,
    signal?: AbortSignal,
    known?: JobSnapshot,
  ): Promise<JobEnding | undefined> {
    for await (const state of watch.follow(jobId, signal, known)) {
      if (!state || isFinishedJob(state.status)) {
        // Read before the follow ends: the watch keeps an ending only while someone follows.
        const ending = watch.ending(jobId);
        if (ending) return ending;
        break;
      }
    }
    const row = await repo.findJob(db, jobId);
    return row && { row };
  }

  /** The job once it is over; `signal` stops waiting (the caller went away). */
  async function waitForEnd(jobId: string, signal?: AbortSignal): Promise<repo.JobRow | undefined> {
    return (await waitForEnding(jobId, signal))?.row;
  }

  return {
    waitForEnd,

    /**
     * The specification's calls wait for the job they submitted and answer as before: the image with the
     * balance after the reservation, or the job's failure with the balance after its refund.
     */
    async outcome(
      userId: string,
      { jobId, creditBalance }: { jobId: string; creditBalance: number },
    ): Promise<Finished> {
      // Just accepted here: queued, with no event yet (so its first state need not be read).
      const ending = await waitForEnding(jobId, undefined, { status: 'queued', eventSeq: 0, position: null });
      const row = ending?.row;
      if (!row) throw new Error(`job ${jobId} is gone`);
      // Unfinished: the wait stopped because this process is closing. The job is durable and goes
      // on; no Retry-After, since a retry would be a second, paid job.
      if (!isFinishedJob(row.status))
        throw new AppError('unavailable', messages.job.stillRunning, { extra: { jobId } });
      if (row.status === 'succeeded' && row.image_id) {
        if (ending.png) return { imageId: row.image_id, png: ending.png, creditBalance };
        // Made by another process, or too large to hold while the answer waits for its reader.
        const found = await images.openOwned(row.image_id, userId);
        if (!found) throw new Error(`the image of job ${jobId} is gone`);
        return { imageId: row.image_id, png: found, creditBalance };
      }
      const code = row.status === 'canceled' ? 'conflict' : row.error_code;
      // A bug: the error handler answers 500 with the request id; the worker logged the cause.
      if (!code || !(code in statusByCode)) throw new Error(`job ${jobId} failed on our side`);
      throw new AppError(code as AppErrorCode, row.message ?? messages.job.internal, {
        // A 402 names what the job cost beside the balance, as a refusal at submission does.
        extra: {
          creditBalance: await credits.balanceOf(userId),
          ...(code === 'insufficient_credit' ? { creditsNeeded: kinds[row.kind as JobKind].cost(row.params) } : {}),
        },
        headers: row.retry_after_seconds === null ? {} : { 'retry-after': String(row.retry_after_seconds) },
      });
    },
  };
}
