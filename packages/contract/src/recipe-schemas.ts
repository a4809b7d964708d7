import { z } from 'zod';
import { batchToolIds } from './batches.ts';
import { text } from './fields.ts';
import { recipeMaxSteps, recipeNameLimit } from './recipes.ts';
import { toolFields } from './tool-schemas.ts';

/** A tool's settings as the tool page sends them (numbers or text); checked against its fields. */
export const toolSettings = z.record(z.string(), z.union([z.string(), z.number()]));
export type ToolSettings = z.infer<typeof toolSettings>;

export const recipeStep = z
  .strictObject({
    tool: z.enum(batchToolIds, { error: `Each step's tool must be one of ${batchToolIds.join(', ')}` }),
    settings: toolSettings.default({}),
  })
  .transform((step, context) => {
    const parsed = toolFields[step.tool].safeParse(step.settings);
    if (parsed.success) return { tool: step.tool, settings: parsed.data as ToolSettings };
    context.addIssue({
      code: 'custom',
      message: `${step.tool}: ${parsed.error.issues[0]?.message ?? 'settings are not valid'}`,
    });
    return z.NEVER;
  });
export type RecipeStep = z.infer<typeof recipeStep>;

export const createRecipeRequest = z.strictObject({
  name: text('Name', { max: recipeNameLimit }),
  steps: z
    .array(recipeStep, { error: 'Steps must be a list of {tool, settings}' })
    .min(1, 'A recipe needs at least one step')
    .max(recipeMaxSteps, `A recipe has at most ${recipeMaxSteps} steps`),
});
export type CreateRecipeRequest = z.input<typeof createRecipeRequest>;

export const recipeView = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(z.object({ tool: z.enum(batchToolIds), settings: toolSettings })),
  /** Credits one picture costs: the sum of the steps. */
  price: z.number().int().positive(),
  createdAt: z.string(),
});
export type RecipeView = z.infer<typeof recipeView>;

export const recipeResponse = z.object({ success: z.literal(true), recipe: recipeView });
export type RecipeResponse = z.infer<typeof recipeResponse>;
export const recipesListResponse = z.object({ success: z.literal(true), recipes: z.array(recipeView) });
export type RecipesListResponse = z.infer<typeof recipesListResponse>;
export const deleteRecipeResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteRecipeResponse = z.infer<typeof deleteRecipeResponse>;
