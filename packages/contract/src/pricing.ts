import type { JobKind } from './jobs.ts';
import { toolIds, type ToolId } from './tools.ts';

/**
 * What each paid action costs by default, in credits (docs/architecture.md §2: 1 credit per image or
 * edit). The server seeds its price table from these (docs/decisions/056); the operator changes a
 * price in the console, and pages quote the server's `/api/image/providers` answer, falling back
 * to these only until it has answered.
 */
export const creditCosts = {
  generation: 1,
  edit: 1,
} as const;

/** Free credits granted once, on sign-up (kept here, with no schema, so pages can quote it cheaply). */
export const signupBonusCredits = 5;

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

/**
 * Every action whose credit price the operator sets (docs/decisions/056): a generation by quality,
 * each editing tool, an edit described in words, and any local preview (docs/decisions/051).
 */
export const priceActions = ['generation', 'generation-hd', ...toolIds, 'edit', 'preview'] as const;
export type PriceAction = (typeof priceActions)[number];
export const isPriceAction = (value: string): value is PriceAction =>
  (priceActions as readonly string[]).includes(value);

/** The highest price an operator may set for one action, in credits. */
export const maxActionCredits = 100;

/** Each action's price in credits, as the server holds it now. */
export type PriceTable = Record<PriceAction, number>;

/** What the console calls each action. */
export const priceActionLabels: Record<PriceAction, string> = {
  generation: 'Generation (standard quality)',
  'generation-hd': 'Generation (HD quality)',
  'remove-background': 'Remove background',
  'remove-text': 'Remove text',
  'product-photography': 'Product photography',
  reimagine: 'Reimagine',
  'replace-background': 'Replace background',
  upscale: 'Upscale',
  uncrop: 'Uncrop',
  cleanup: 'Cleanup',
  edit: 'Edit with words',
  preview: 'Local preview (any action)',
};

/**
 * The table a new database starts with: today's prices, an edit in words at a generation's price,
 * and a preview at `previewCredits` (the server's LOCAL_PREVIEW_CREDITS).
 */
export function defaultPriceTable(previewCredits: number): PriceTable {
  const tools = Object.fromEntries(toolIds.map((tool): [ToolId, number] => [tool, creditCosts.edit]));
  return {
    generation: creditCosts.generation,
    'generation-hd': creditCosts.generation,
    ...tools,
    edit: creditCosts.generation,
    preview: previewCredits,
  } as PriceTable;
}

/**
 * Which price a job pays: a local preview the preview price, a generation its quality's price
 * (HD only where the model honours it: dall-e-2 draws at one quality), a tool its own.
 */
export function priceActionFor(
  kind: JobKind,
  asked: { quality?: unknown; model?: unknown },
  preview: boolean,
): PriceAction {
  if (preview) return 'preview';
  if (kind === 'generation')
    return asked.quality === 'hd' && asked.model !== 'dall-e-2' ? 'generation-hd' : 'generation';
  return kind;
}
