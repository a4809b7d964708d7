import { jobStatuses } from './jobs.ts';
import { toolIds } from './tools.ts';

// The schemas of the batch calls are in batch-schemas.ts: zod stays out of the pages that need only
// these names, limits and texts (decision 032).
export type { BatchAcceptedResponse, BatchItem, BatchResponse, BatchView } from './batch-schemas.ts';

/**
 * Batches (decision 028): one tool, or one saved recipe, run on up to `batchMaxPictures` pictures at
 * once. `POST /api/batches` takes multipart: `tool`, the tool's fields and `image_file` repeated.
 * Every picture is judged by its bytes; a refused one becomes an item with status `refused` and
 * its reason, and is never charged; every accepted one is a job (a recipe's: one job per step).
 */
export const batchMaxPictures = 50;

/** The tool field of a batch's multipart body. */
export const batchToolField = 'tool';

/** Cleanup needs a mask painted on each picture, so it runs one picture at a time. */
export const batchToolIds = toolIds.filter((tool) => tool !== 'cleanup') as Exclude<
  (typeof toolIds)[number],
  'cleanup'
>[];
export type BatchToolId = (typeof batchToolIds)[number];

export const batchItemStatuses = ['refused', ...jobStatuses] as const;
export type BatchItemStatus = (typeof batchItemStatuses)[number];
export const finishedBatchItemStatuses = [
  'refused',
  'succeeded',
  'failed',
  'canceled',
] as const satisfies readonly BatchItemStatus[];

/** "12 pictures · 12 credits": what a batch is quoted at before it is sent. */
export function batchQuote(pictures: number, credits: number): string {
  return `${pictures} picture${pictures === 1 ? '' : 's'} · ${credits === 0 ? 'free previews' : `${credits} credit${credits === 1 ? '' : 's'}`}`;
}

/** The answers' texts about batches. */
export const batchMessages = {
  tooMany: `At most ${batchMaxPictures} pictures per batch`,
  toolMissing: `tool is required: one of ${batchToolIds.join(', ')}`,
  cleanupOneByOne: 'Cleanup needs a mask painted on each picture: run it one picture at a time',
  noneAccepted: (count: number, first: string) =>
    `None of the ${count} picture${count === 1 ? ' was' : 's were'} usable; nothing was charged. The first: ${first}`,
  cannotPay: (cost: number, balance: number) =>
    `This batch costs ${cost} credit${cost === 1 ? '' : 's'} and your balance is ${balance}. Nothing was charged: buy credits or send fewer pictures.`,
  /** Answered (402) as soon as the pictures sent so far cost more than the balance: the rest is not read. */
  balancePaysFor: (pictures: number, price: number, balance: number) =>
    `Your balance of ${balance} credit${balance === 1 ? '' : 's'} pays for ${pictures} picture${pictures === 1 ? '' : 's'} at ${price} credit${price === 1 ? '' : 's'} each. Nothing was charged: send at most ${pictures}, or buy credits.`,
  /** A cancel that found every picture over (409): what finished stays as it is. */
  nothingToCancel: 'Nothing left to cancel: every picture of this batch is finished.',
} as const;
