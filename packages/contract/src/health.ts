import { z } from 'zod';

/**
 * `misconfigured`: the image provider does not serve the configured model; generation answers 503.
 * `deprecated`: it serves it, but has announced the day it shuts the model down; generation works.
 */
export const generationStates = ['ok', 'deprecated', 'misconfigured'] as const;
export type GenerationState = (typeof generationStates)[number];

/**
 * `status` and the HTTP code follow the database only: a load balancer must keep sending the rest
 * of the product to an instance whose image generation is misconfigured.
 */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  generation: z.enum(generationStates),
  /** `low`: DATA_DIR's disk has less than DISK_MIN_FREE_MB free, and paid uploads answer 503. */
  disk: z.enum(['ok', 'low']),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
