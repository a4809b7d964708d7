import { z } from 'zod';

export const creditResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  creditBalance: z.number().int(),
});
export type CreditResponse = z.infer<typeof creditResponse>;

/** docs/product.md stores the whole get-credit answer as the user, so it carries the name for the header. */
export const getCreditResponse = creditResponse.extend({ name: z.string(), email: z.string() });
export type GetCreditResponse = z.infer<typeof getCreditResponse>;
