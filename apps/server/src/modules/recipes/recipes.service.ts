import { messages } from '@lumigen/contract/messages';
import {
  recipeMessages,
  recipePrice,
  recipesPerUserLimit,
  type RecipeStep,
  type RecipeView,
} from '@lumigen/contract/recipes';
import type { ToolId } from '@lumigen/contract/tools';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { BatchPlan } from '../batches/index.ts';
import * as repo from './recipes.repository.ts';

/**
 * Recipes (decision 028): a user's saved chains of tools. Steps arrive parsed by the contract (each
 * tool's settings checked as its page would send them); running one is a batch whose pictures
 * each go through every step (`batches.service.ts`).
 */
export function createRecipesService({ db, priceOf }: { db: Db; priceOf: (tool: ToolId) => number }) {
  function view(row: repo.RecipeRow): RecipeView {
    const steps = row.steps as RecipeStep[];
    return {
      id: row.id,
      name: row.name,
      steps,
      price: recipePrice(steps, priceOf),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function owned(userId: string, id: string): Promise<repo.RecipeRow> {
    const row = isUuid(id) ? await repo.findOwnedRecipe(db, id, userId) : undefined;
    if (!row) throw new AppError('not_found', messages.notFound);
    return row;
  }

  return {
    async create(userId: string, recipe: { name: string; steps: RecipeStep[] }): Promise<RecipeView> {
      return db.transaction(async (tx) => {
        if ((await repo.countRecipesOf(tx, userId)) >= recipesPerUserLimit)
          throw new AppError('conflict', recipeMessages.tooMany);
        return view(await repo.insertRecipe(tx, { userId, name: recipe.name, steps: recipe.steps }));
      });
    },

    async list(userId: string): Promise<RecipeView[]> {
      return (await repo.listRecipesOf(db, userId)).map(view);
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteOwnedRecipe(db, id, userId)))
        throw new AppError('not_found', messages.notFound);
    },

    /** What running the recipe does to each picture, and what one picture costs. */
    async plan(userId: string, id: string): Promise<{ plan: BatchPlan; price: number }> {
      const recipe = view(await owned(userId, id));
      return {
        plan: {
          tool: null,
          recipeId: recipe.id,
          steps: recipe.steps.map((step) => ({ tool: step.tool, fields: step.settings })),
        },
        price: recipe.price,
      };
    },
  };
}

export type RecipesService = ReturnType<typeof createRecipesService>;
