import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recipes } from '../../db/schema.ts';

export type RecipeRow = typeof recipes.$inferSelect;

export async function insertRecipe(
  ex: Executor,
  recipe: Pick<RecipeRow, 'userId' | 'name' | 'steps'>,
): Promise<RecipeRow> {
  const [row] = await ex.insert(recipes).values(recipe).returning();
  return row!;
}

export async function countRecipesOf(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(recipes).where(eq(recipes.userId, userId));
  return row?.n ?? 0;
}

/** The user's recipes, newest first. */
export async function listRecipesOf(ex: Executor, userId: string): Promise<RecipeRow[]> {
  return ex.select().from(recipes).where(eq(recipes.userId, userId)).orderBy(desc(recipes.createdAt), desc(recipes.id));
}

/** The recipe only when `userId` owns it: another user's reads as "no such recipe". */
export async function findOwnedRecipe(ex: Executor, id: string, userId: string): Promise<RecipeRow | undefined> {
  const [row] = await ex
    .select()
    .from(recipes)
    .where(and(eq(recipes.id, id), eq(recipes.userId, userId)));
  return row;
}

export async function deleteOwnedRecipe(ex: Executor, id: string, userId: string): Promise<boolean> {
  const deleted = await ex
    .delete(recipes)
    .where(and(eq(recipes.id, id), eq(recipes.userId, userId)))
    .returning({ id: recipes.id });
  return deleted.length === 1;
}

/** An account deletion: the user's saved recipes go. */
export async function deleteRecipesOf(ex: Executor, userId: string): Promise<void> {
  await ex.delete(recipes).where(eq(recipes.userId, userId));
}
