import type { JobView } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import { AppError } from '../../lib/app-error.ts';
import type { JobsDeps } from './jobs-deps.ts';
import * as repo from './jobs.repository.ts';
import type { JobList } from './list.ts';

/** The owner's cancel: the job ends without an image and its credit is refunded. */
export function createCancel(
  { queue, settlement, log }: Pick<JobsDeps, 'queue' | 'settlement' | 'log'>,
  { ownedRow, view }: Pick<JobList, 'ownedRow' | 'view'>,
) {
  return {
    /** Cancels an unfinished job and refunds it; 404 for a job that is not the user's, 409 when it is over. */
    async cancel(userId: string, jobId: string): Promise<JobView> {
      await ownedRow(userId, jobId);
      const ended = await settlement.endWithoutImage(async (tx) => {
        const row = await repo.markCanceled(tx, jobId, userId, messages.job.canceled);
        if (row?.dispatched_at) await queue.cancel(jobId, tx);
        return row;
      });
      if (!ended) throw new AppError('conflict', messages.job.alreadyFinished);
      log.info({ jobId, kind: ended.kind }, 'job canceled');
      return view(ended);
    },
  };
}
