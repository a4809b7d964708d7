import type { JobKind } from '@lumigen/contract/jobs';
import { adminReportMessages } from '@lumigen/contract/admin-reports';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobsService } from '../paid-work/index.ts';
import { recordAdminAction } from './admin.repository.ts';
import { canRetry } from './reports.service.ts';
import { findJobForRetry } from './work.repository.ts';

type RetryRequest = { adminId: string; jobId: string; charge: boolean; reason: string };

/**
 * An operator runs a failed job again for its customer: a new job of the same kind and settings,
 * accepted through paid work's one door (`submitAll`), charged (reserved, then committed or
 * refunded as any job) or free (nothing reserved, as a free preview: decision 051). The audit row
 * is written by `record`, in the transaction that accepts the job, so both persist or neither.
 */
export function createJobRetry({ db, jobs }: { db: Executor; jobs: Pick<JobsService, 'submitAll'> }) {
  return async function retry({ adminId, jobId, charge, reason }: RetryRequest) {
    const found = await findJobForRetry(db, jobId, { lock: false });
    if (!found) throw new AppError('not_found', adminReportMessages.jobNotFound);
    if (!canRetry(found)) throw new AppError('conflict', adminReportMessages.notRetryable);
    if (found.user_deleted) throw new AppError('conflict', adminReportMessages.customerGone);
    let actionId = '';
    // A failed job's kind and settings never change: read here, they are what the new job runs.
    const { jobIds, creditBalance } = await jobs.submitAll(
      found.user_id,
      [{ kind: found.kind as JobKind, params: found.params }],
      {
        reserved: charge ? undefined : [null],
        // Runs inside the acceptance's transaction, after the job row is written.
        record: async (tx, [newJobId]) => {
          // Locked: a second operator's retry of the same job waits here, then finds this one's audit row.
          const job = await findJobForRetry(tx, jobId, { lock: true });
          if (!job || !canRetry(job)) throw new AppError('conflict', adminReportMessages.notRetryable);
          const [earlier] = await rows<{ id: string }>(
            tx,
            sql`SELECT id::text AS id FROM admin_actions WHERE action = 'job.retry' AND before->>'jobId' = ${jobId} LIMIT 1`,
          );
          if (earlier) throw new AppError('conflict', adminReportMessages.alreadyRetried);
          actionId = await recordAdminAction(tx, {
            adminId,
            action: 'job.retry',
            targetUserId: job.user_id,
            reason,
            before: { jobId, status: job.status, kind: job.kind },
            after: { jobId: newJobId, charged: charge },
          });
        },
      },
    );
    return { actionId, jobId: jobIds[0]!, creditBalance };
  };
}

export type JobRetry = ReturnType<typeof createJobRetry>;
