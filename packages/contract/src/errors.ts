import { z } from 'zod';

/** Every failure has this one shape; a 402 also tells the balance. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  creditBalance: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
