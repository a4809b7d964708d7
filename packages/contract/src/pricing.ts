import type { JobKind } from './jobs.ts';

/**
 * What each paid action costs, in credits (docs/architecture.md §2: 1 credit per image or edit, so the
 * bundles' "5/35/100 images" hold). The server charges from this table and the web app labels
 * its buttons from it; a price changes here and nowhere else.
 */
export const creditCosts = {
  generation: 1,
  edit: 1,
} as const;

/** Free credits granted once, on sign-up (kept here, with no schema, so pages can quote it cheaply). */
export const signupBonusCredits = 5;

/**
 * The one price of every paid action, for copy that speaks of them all ("every action costs
 * 1 credit"). Typed as both prices at once: once they differ this stops compiling, and the copy
 * that quotes it must say which action costs what.
 */
export const everyActionCost: typeof creditCosts.generation & typeof creditCosts.edit = creditCosts.edit;

/** "1 credit", "2 credits": the cost as buttons show it. */
export function formatCost(credits: number): string {
  return `${credits} credit${credits === 1 ? '' : 's'}`;
}

/** What a button says for work at this price: only a local preview is ever free (docs/decisions/051). */
export function formatPrice(credits: number): string {
  return credits === 0 ? 'Free preview' : formatCost(credits);
}

/** Said beside a local preview's result and on its page: what it is, in plain words. */
export const previewNotice =
  'Preview: made on this server by a quick approximation, not by an AI model. Expect rough results.';

/** The share of a picture a preview's fill (cleanup, uncrop) may make up before it is called low quality. */
export const lowQualityFillShare = 0.25;

/** Said instead of `previewNotice` when a preview filled more than `lowQualityFillShare` of the picture. */
export const lowQualityPreviewNotice =
  'Low-quality preview: more than a quarter of this picture was filled in by a quick approximation on this server, not by an AI model.';

/**
 * What each of this server's own engines is (docs/decisions/051): `model` when a learned model
 * does the job, `preview` when a classical approximation stands in for one. Only a preview is
 * sold at the preview price (the server's `local-engines.ts`); the pages read it to word their
 * prices. The one place that says which is which.
 */
export const localEngines: Record<JobKind, 'model' | 'preview'> = {
  'remove-background': 'model',
  // The subject is cut out by the background-removal model; the studio light is drawn around it.
  'product-photography': 'model',
  // The local painter.
  generation: 'preview',
  // No local engine edits with words: without a provider the edit is refused, never previewed.
  edit: 'model',
  'remove-text': 'preview',
  reimagine: 'preview',
  // The subject is kept by the model, but the new backdrop is painted, whatever the prompt asks.
  'replace-background': 'preview',
  upscale: 'preview',
  uncrop: 'preview',
  cleanup: 'preview',
};
