import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { batchItems, batches, images, jobs } from '../../db/schema.ts';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

export async function insertImage(ex: Executor, values: NewImageRow): Promise<ImageRow> {
  const [row] = await ex.insert(images).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The image only when `userId` owns it: another user's id reads as "no such image". */
export async function findOwnedImage(ex: Executor, id: string, userId: string): Promise<ImageRow | undefined> {
  const [row] = await ex
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.userId, userId)));
  return row;
}

/** Deletes the row only when `userId` owns it; its storage key, or undefined when nothing matched. */
export async function deleteOwnedImage(ex: Executor, id: string, userId: string): Promise<string | undefined> {
  const [row] = await ex
    .delete(images)
    .where(and(eq(images.id, id), eq(images.userId, userId)))
    .returning({ storageKey: images.storageKey });
  return row?.storageKey;
}

/** Deletes every image row of a user; returns their storage keys (the bytes go after commit). */
export async function deleteImagesOf(ex: Executor, userId: string): Promise<string[]> {
  const deleted = await ex.delete(images).where(eq(images.userId, userId)).returning({ storageKey: images.storageKey });
  return deleted.map((row) => row.storageKey);
}

/** Every image of a user, oldest first, with what an export writes about each. */
export async function listAllOwnedImages(ex: Executor, userId: string) {
  return ex
    .select({
      id: images.id,
      kind: images.kind,
      prompt: images.prompt,
      width: images.width,
      height: images.height,
      createdAt: images.createdAt,
      storageKey: images.storageKey,
    })
    .from(images)
    .where(eq(images.userId, userId))
    .orderBy(images.createdAt, images.id);
}

/** Which of `storageKeys` an image row owns. */
export async function ownedStorageKeys(ex: Executor, storageKeys: string[]): Promise<Set<string>> {
  if (storageKeys.length === 0) return new Set();
  const found = await ex
    .select({ storageKey: images.storageKey })
    .from(images)
    .where(inArray(images.storageKey, storageKeys));
  return new Set(found.map((row) => row.storageKey));
}

export async function deleteImage(ex: Executor, id: string): Promise<void> {
  await ex.delete(images).where(eq(images.id, id));
}

/** Where a page ended: the last image's time (as PostgreSQL writes it, to the microsecond) and id. */
export type ImagesCursor = { createdAt: string; id: string };

export type ImagesFilter = {
  /** Each word must start a word of the prompt or the kind; letters and digits only. */
  words?: string[];
  kind?: string;
  after?: ImagesCursor;
};

/**
 * The user's newest images first, filtered, from just after `after`; only the columns a gallery
 * shows. The words go through the `search` column's GIN index (decision 053).
 */
export async function listOwnedImages(ex: Executor, userId: string, limit: number, filter: ImagesFilter = {}) {
  const conditions = [eq(images.userId, userId)];
  if (filter.kind) conditions.push(eq(images.kind, filter.kind));
  if (filter.words && filter.words.length > 0) {
    const query = filter.words.map((word) => `${word}:*`).join(' & ');
    conditions.push(sql`${images.search} @@ to_tsquery('simple'::regconfig, ${query})`);
  }
  if (filter.after)
    conditions.push(
      sql`(${images.createdAt}, ${images.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`,
    );
  return ex
    .select({
      id: images.id,
      kind: images.kind,
      prompt: images.prompt,
      params: images.params,
      width: images.width,
      height: images.height,
      createdAt: images.createdAt,
      cursorTime: sql<string>`${images.createdAt}::text`,
    })
    .from(images)
    .where(and(...conditions))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit);
}

/**
 * Which of these images a recipe's run ended with (the last job of a picture), by image id: the
 * user's recipe batches by their index, each picture's last job by the jobs' key.
 */
export async function recipesOfImages(ex: Executor, userId: string, imageIds: string[]): Promise<Map<string, string>> {
  if (imageIds.length === 0) return new Map();
  const found = await ex
    .select({ imageId: jobs.imageId, recipeId: batches.recipeId })
    .from(batches)
    .innerJoin(batchItems, eq(batchItems.batchId, batches.id))
    .innerJoin(jobs, sql`${jobs.id} = (${batchItems.jobIds} ->> -1)::uuid`)
    .where(and(eq(batches.userId, userId), isNotNull(batches.recipeId), inArray(jobs.imageId, imageIds)));
  return new Map(found.map((row) => [row.imageId!, row.recipeId!]));
}

/** The prompt in the parameters of the owner's job that made an image, removed as the image is deleted. */
export async function forgetPromptOfImage(ex: Executor, imageId: string, userId: string): Promise<void> {
  await ex.execute(sql`UPDATE jobs SET params = params - 'prompt' WHERE image_id = ${imageId} AND user_id = ${userId}`);
}
