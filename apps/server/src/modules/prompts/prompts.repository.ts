import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { savedPrompts } from '../../db/schema.ts';

export type SavedPromptRow = typeof savedPrompts.$inferSelect;

export async function insertSavedPrompt(
  ex: Executor,
  values: Pick<SavedPromptRow, 'userId' | 'prompt' | 'size' | 'quality' | 'style'>,
): Promise<SavedPromptRow> {
  const [row] = await ex.insert(savedPrompts).values(values).returning();
  return row!;
}

export async function countSavedPromptsOf(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(savedPrompts).where(eq(savedPrompts.userId, userId));
  return row?.n ?? 0;
}

/** The user's saved prompts, newest first. */
export async function listSavedPromptsOf(ex: Executor, userId: string): Promise<SavedPromptRow[]> {
  return ex
    .select()
    .from(savedPrompts)
    .where(eq(savedPrompts.userId, userId))
    .orderBy(desc(savedPrompts.createdAt), desc(savedPrompts.id));
}

export async function deleteOwnedSavedPrompt(ex: Executor, id: string, userId: string): Promise<boolean> {
  const deleted = await ex
    .delete(savedPrompts)
    .where(and(eq(savedPrompts.id, id), eq(savedPrompts.userId, userId)))
    .returning({ id: savedPrompts.id });
  return deleted.length === 1;
}

/** An account deletion: the user's saved prompts go. */
export async function deleteSavedPromptsOf(ex: Executor, userId: string): Promise<void> {
  await ex.delete(savedPrompts).where(eq(savedPrompts.userId, userId));
}
