import type { Executor } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

/**
 * For an account deletion, in its transaction with the user locked: says a job of theirs is
 * still unfinished (it would store an image for a deleted account), or deletes their finished
 * jobs, whose parameters hold their prompts.
 */
export async function forgetJobsOf(tx: Executor, userId: string): Promise<'unfinished' | 'forgotten'> {
  if ((await repo.countUnfinished(tx, userId)).unfinished > 0) return 'unfinished';
  await repo.deleteJobsOf(tx, userId);
  return 'forgotten';
}
