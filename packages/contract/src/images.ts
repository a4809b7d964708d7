import { z } from 'zod';

/** One of the user's own images, as the profile gallery lists it (the bytes come from /api/images/:id). */
export const imageSummary = z.object({
  id: z.uuid(),
  /** 'generation' or the editing tool's id. */
  kind: z.string(),
  prompt: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  /** The settings that made it (a tool's sliders and prompt, a generation's prompt, size and quality): "Use again". */
  settings: z.record(z.string(), z.union([z.string(), z.number()])),
  /**
   * The saved recipe whose last step made it: its "Use again" opens that recipe. Null for
   * anything else, an earlier step's image included, and once the recipe is deleted.
   */
  recipeId: z.string().nullable(),
});
export type ImageSummary = z.infer<typeof imageSummary>;

export const imagesListQuery = z.strictObject({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(24),
});

export const imagesListResponse = z.object({ success: z.literal(true), images: z.array(imageSummary) });
export type ImagesListResponse = z.infer<typeof imagesListResponse>;

/** Any text: an id that cannot exist is simply not found (404), like another user's image. */
export const imageIdParams = z.strictObject({ id: z.string().max(100) });

export function isImageId(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

export const deleteImageResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteImageResponse = z.infer<typeof deleteImageResponse>;
