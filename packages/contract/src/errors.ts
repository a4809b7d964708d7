import { z } from 'zod';

/** Every failure has this one shape; a 402 also tells the balance, or the card's refusal code. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  creditBalance: z.number().int().optional(),
  /** A refused card's code in Stripe's terms (card_declined, insufficient_funds, …). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
