import { toolIds } from './tools.ts';

// Kept apart from images.ts so the gallery's filter needs no zod (decision 032).

/** What the gallery's kind filter offers: generations, edits with words, and each tool. */
export const imageKinds = ['generation', 'edit', ...toolIds] as const;
export type ImageKind = (typeof imageKinds)[number];
