import { creditCosts } from './pricing.ts';
import type { ToolId } from './tools.ts';

// The schemas of the recipe calls are in recipe-schemas.ts: zod stays out of the pages that need only
// these limits, prices and texts (decision 032).
export type {
  CreateRecipeRequest,
  DeleteRecipeResponse,
  RecipeResponse,
  RecipeStep,
  RecipesListResponse,
  RecipeView,
  ToolSettings,
} from './recipe-schemas.ts';

/**
 * Recipes (decision 028): a named, ordered list of tools with their settings, saved per user and run
 * on one picture or a batch (`POST /api/recipes/:id/run`, multipart, `image_file` repeated). Each
 * step is a job fed by the previous step's image; the price is the sum of the steps, all reserved
 * when the run is accepted.
 */
export const recipeMaxSteps = 8;
export const recipeNameLimit = 80;
export const recipesPerUserLimit = 50;

/** What one picture costs through these steps: the sum of each step's tool, at `priceOf` (the server's price of each tool). */
export function recipePrice(
  steps: readonly { tool: ToolId }[],
  priceOf: (tool: ToolId) => number = () => creditCosts.edit,
): number {
  return steps.reduce((sum, step) => sum + priceOf(step.tool), 0);
}

export const recipeMessages = {
  deleted: 'Recipe deleted',
  tooMany: `You can keep at most ${recipesPerUserLimit} recipes: delete one first`,
  /** A later step that never ran because an earlier one failed. */
  skipped: 'Not run: an earlier step failed. The credit for this step was refunded.',
  stepFailed: (step: number, count: number, message: string) => `Step ${step} of ${count} failed: ${message}`,
} as const;
