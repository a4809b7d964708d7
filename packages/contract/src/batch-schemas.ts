import { z } from 'zod';
import { batchItemStatuses } from './batches.ts';
import { toolIds } from './tools.ts';

export const batchItem = z.object({
  /** The picture's file name as it was sent. */
  name: z.string(),
  status: z.enum(batchItemStatuses),
  /** The job working on this picture now (a recipe's current step); null when refused. */
  jobId: z.string().nullable(),
  /** The finished result (a recipe's last step's image). */
  imageId: z.string().nullable(),
  /** Why the picture was refused or failed, in words for the user. */
  message: z.string().nullable(),
  /** 0–100 over all of the picture's steps. */
  progress: z.number().int().min(0).max(100),
  /** A recipe's step this picture is at (1-based) and how many it has; 1 of 1 for a tool. */
  step: z.number().int().min(0),
  steps: z.number().int().min(0),
});
export type BatchItem = z.infer<typeof batchItem>;

export const batchView = z.object({
  id: z.string(),
  /** The tool every picture went through; null for a recipe's run. */
  tool: z.enum(toolIds).nullable(),
  recipeId: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(batchItem),
});
export type BatchView = z.infer<typeof batchView>;

export const batchAcceptedResponse = z.object({ success: z.literal(true), batchId: z.string() });
export type BatchAcceptedResponse = z.infer<typeof batchAcceptedResponse>;

export const batchResponse = z.object({ success: z.literal(true), batch: batchView });
export type BatchResponse = z.infer<typeof batchResponse>;
