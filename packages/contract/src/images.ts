import { z } from 'zod';
import { pagedAnswer } from './fields.ts';
import { imageKinds } from './image-kinds.ts';

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
  /** The style a generation asked for ('none' included); null for what predates styles and for the tools. */
  style: z.string().nullable(),
});
export type ImageSummary = z.infer<typeof imageSummary>;

export { type ImageKind, imageKinds } from './image-kinds.ts';

export const imageMessages = {
  badCursor: 'Cursor is not valid: pass the nextCursor of a previous page',
} as const;

/** At most this many words of a search are looked for; each must match (decision 053). */
export const searchWordsLimit = 8;

export const imagesListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(24),
  /** Words of the prompt or a tool's name; an image matches when it has every word (or a word starting so). */
  q: z.string({ error: 'Search must be text' }).trim().max(200, 'Search must be at most 200 characters').optional(),
  kind: z.enum(imageKinds, { error: `Kind must be one of ${imageKinds.join(', ')}` }).optional(),
  /** `nextCursor` of the previous page. */
  cursor: z.string({ error: 'Cursor must be text' }).max(200, 'Cursor must be at most 200 characters').optional(),
});
export type ImagesListQuery = z.output<typeof imagesListQuery>;

export const imagesListResponse = pagedAnswer('images', imageSummary);
export type ImagesListResponse = z.infer<typeof imagesListResponse>;

/** Any text: an id that cannot exist is simply not found (404), like another user's image. */
export const imageIdParams = z.strictObject({ id: z.string().max(100) });

export function isImageId(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

export const deleteImageResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteImageResponse = z.infer<typeof deleteImageResponse>;
