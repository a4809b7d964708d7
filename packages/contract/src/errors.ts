import { z } from 'zod';

/** Every failure has this one shape; a 402 also tells the balance, or the card's refusal code. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  creditBalance: z.number().int().optional(),
  /** A 402 for a short balance: what the refused action costs, so a client can show both numbers. */
  creditsNeeded: z.number().int().optional(),
  /** A refused card's code in Stripe's terms (card_declined, insufficient_funds, …). */
  code: z.string().optional(),
  /** A brief call's 503 when the server closed while it waited: its job goes on (GET /api/jobs/:id). */
  jobId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
