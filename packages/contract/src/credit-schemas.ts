import { z } from 'zod';
import { pagedAnswer } from './fields.ts';
import { userRole } from './account-schemas.ts';
import { ledgerPageLimits } from './credits.ts';

export const creditResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  creditBalance: z.number().int(),
});
export type CreditResponse = z.infer<typeof creditResponse>;

/**
 * docs/product.md stores the whole get-credit answer as the user, so it carries the name for the header,
 * and whether the address is confirmed, for the notice that asks to confirm it after a reload.
 */
export const getCreditResponse = creditResponse.extend({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** `admin` shows the header's link to the operator's console. */
  role: userRole,
});
export type GetCreditResponse = z.infer<typeof getCreditResponse>;

export const ledgerQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'Cursor is not valid: use the nextCursor of the previous page')
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${ledgerPageLimits.max}`)
    .max(ledgerPageLimits.max, `Limit must be between 1 and ${ledgerPageLimits.max}`)
    .default(ledgerPageLimits.default),
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export const ledgerEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** In words: "Sign-up bonus", "Bought Popular · 35 credits", "Refund — background removal failed". */
  description: z.string(),
  reason: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** The image the action made, while it exists. */
  imageId: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** Newest first; `nextCursor` fetches the older page, null on the last one. */
export const ledgerResponse = pagedAnswer('entries', ledgerEntry);
export type LedgerResponse = z.infer<typeof ledgerResponse>;
