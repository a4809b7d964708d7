import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JobStatus } from '@lumigen/contract/jobs';
import type { Executor } from '../../db/client.ts';
import { batchItems, batches, jobs } from '../../db/schema.ts';

export type BatchRow = typeof batches.$inferSelect;
export type BatchItemRow = typeof batchItems.$inferSelect;
/** What a batch's view needs of each of its jobs. */
export type BatchJobRow = {
  id: string;
  status: JobStatus;
  progress: number;
  imageId: string | null;
  message: string | null;
};

export async function insertBatch(
  ex: Executor,
  batch: { id: string; userId: string; tool: string | null; recipeId: string | null },
  items: Array<{ name: string; message: string | null; jobIds: string[] }>,
): Promise<void> {
  await ex.insert(batches).values(batch);
  await ex.insert(batchItems).values(items.map((item, position) => ({ batchId: batch.id, position, ...item })));
}

/** The batch only when `userId` owns it: another user's reads as "no such batch". */
export async function findOwnedBatch(ex: Executor, id: string, userId: string): Promise<BatchRow | undefined> {
  const [row] = await ex
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.userId, userId)));
  return row;
}

export async function listItems(ex: Executor, batchId: string): Promise<BatchItemRow[]> {
  return ex.select().from(batchItems).where(eq(batchItems.batchId, batchId)).orderBy(batchItems.position);
}

export async function findJobs(ex: Executor, ids: string[]): Promise<BatchJobRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select({ id: jobs.id, status: jobs.status, progress: jobs.progress, imageId: jobs.imageId, message: jobs.message })
    .from(jobs)
    .where(inArray(jobs.id, ids));
}

/** An account deletion: the user's batches (their pictures' names) go with their jobs. */
export async function deleteBatchesOf(ex: Executor, userId: string): Promise<void> {
  await ex.execute(sql`DELETE FROM batches WHERE user_id = ${userId}`);
}
