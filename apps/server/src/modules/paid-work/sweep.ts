import { messages } from '@lumigen/contract/messages';
import { paidWorkQueue } from '../../db/queue-names.ts';
import type { JobsDeps } from './jobs-deps.ts';
import * as repo from './jobs.repository.ts';

/** The sweep's part for jobs, and the queue depth the metrics read. */
export function createSweep({
  db,
  settlement,
  queue,
  limits,
  log,
}: Pick<JobsDeps, 'db' | 'settlement' | 'queue' | 'limits' | 'log'>) {
  return {
    /** Every user's unfinished jobs by status, for the metrics' queue depth. */
    depth: () => repo.countAllUnfinished(db),

    /**
     * The safety net, run with the reservation sweep: a job whose queue entry is gone while it is
     * unfinished is failed and refunded (never left running), and a user with waiting jobs and a
     * free slot gets them queued (a promotion nobody made).
     */
    async sweep(): Promise<void> {
      for (const jobId of await repo.findOrphanedJobIds(db, paidWorkQueue, 60, 100)) {
        const ended = await settlement.endWithoutImage((tx) =>
          repo.markFailed(tx, jobId, undefined, { errorCode: 'unavailable', message: messages.job.lost }),
        );
        if (ended) log.warn({ jobId, kind: ended.kind }, 'job found without a queue entry; failed and refunded');
      }
      for (const userId of await repo.findUsersWithFreeSlots(db, limits.maxRunningPerUser, 100)) {
        const promoted = await db.transaction((tx) => settlement.promote(tx, userId));
        if (promoted > 0) queue.wake();
      }
    },
  };
}
