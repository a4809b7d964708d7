import { recipeMessages } from '@lumigen/contract/recipes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { PaidImages } from './paid-image.ts';
import type { JobWatch } from './job-watch.ts';
import type { ImageStore } from '../images/index.ts';
import type { JobMetrics } from '../metrics/index.ts';
import type { JobQueue } from './job-queue.ts';
import { lockUser } from '../accounts/index.ts';
import * as repo from './jobs.repository.ts';

/**
 * How a job ends, whoever ends it (its worker, the owner's cancel, pg-boss's dead letter, the
 * sweep): in one transaction the row, the credit (refunded when there is no image) and the user's
 * next waiting job, which takes the freed slot in the queue; then the job's inputs go.
 */
export function createJobSettlement({
  db,
  paidImages,
  queue,
  inputs,
  watch,
  maxRunningPerUser,
  metrics,
  log,
}: {
  db: Db;
  paidImages: PaidImages;
  queue: JobQueue;
  inputs: ImageStore;
  watch: JobWatch;
  maxRunningPerUser: number;
  metrics: JobMetrics;
  log: FastifyBaseLogger;
}) {
  /** Hands the user's oldest waiting jobs to the queue while they have free slots; how many went. */
  async function promote(tx: Executor, userId: string): Promise<number> {
    await lockUser(tx, userId);
    const promoted = await repo.promoteWaiting(tx, userId, maxRunningPerUser);
    for (const id of promoted) await queue.send(id, userId, tx);
    return promoted.length;
  }

  /**
   * After the transaction that ended the job committed: every ending passes here once, with the
   * image's bytes when it made one (a waiter in this process answers with them, unread). The
   * job's inputs go first, with `alongside` (the worker's own files), so whoever is told the
   * job is over finds nothing of it left.
   */
  async function afterEnd(row: repo.JobRow, png?: Buffer, alongside?: Promise<unknown>): Promise<void> {
    metrics.finished.inc({ kind: row.kind, outcome: row.status });
    await Promise.all([
      alongside,
      ...Object.values(row.input_keys).map((key) =>
        inputs
          .delete(key)
          .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'could not delete a job input')),
      ),
    ]);
    watch.ended({ row, png });
    queue.wake();
  }

  return {
    promote,
    afterEnd,

    /**
     * Ends a job without an image: `end` marks the row (and says which job, if any, it ended);
     * the reservation is refunded with it, and so is every job waiting to follow it (a recipe's
     * later steps, which now have no input). Undefined when the job was already over.
     */
    async endWithoutImage(end: (tx: Executor) => Promise<repo.JobRow | undefined>): Promise<repo.JobRow | undefined> {
      const settled = await db.transaction(async (tx) => {
        const ended = await end(tx);
        if (!ended) return undefined;
        const followers = await repo.failFollowers(tx, ended.id, recipeMessages.skipped);
        for (const row of [ended, ...followers]) await paidImages.refund(row.reservation_id, tx);
        if (ended.dispatched_at) await promote(tx, ended.user_id);
        return { ended, followers };
      });
      if (!settled) return undefined;
      for (const row of [settled.ended, ...settled.followers]) await afterEnd(row);
      return settled.ended;
    },
  };
}

export type JobSettlement = ReturnType<typeof createJobSettlement>;
