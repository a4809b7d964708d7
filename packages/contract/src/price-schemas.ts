import { z } from 'zod';
import { maxActionCredits, priceActionLabels, priceActions } from './pricing.ts';

/** One action's price as the console lists it: who changed it last and when (null: never changed). */
export const actionPrice = z.object({
  action: z.enum(priceActions),
  label: z.string(),
  credits: z.number().int().min(0),
  updatedAt: z.iso.datetime().nullable(),
});
export type ActionPrice = z.infer<typeof actionPrice>;

export const actionPricesResponse = z.object({
  success: z.literal(true),
  prices: z.array(actionPrice),
});
export type ActionPricesResponse = z.infer<typeof actionPricesResponse>;

export const priceActionParams = z.strictObject({
  action: z.enum(priceActions, { error: `Action must be one of: ${priceActions.join(', ')}` }),
});

/** A new price: a whole number of credits in 0…maxActionCredits, and the reason the audit log keeps. */
export const setPriceRequest = z.strictObject({
  credits: z
    .number({ error: 'Credits must be a number' })
    .int('Credits must be a whole number')
    .min(0, `Credits must be between 0 and ${maxActionCredits}`)
    .max(maxActionCredits, `Credits must be between 0 and ${maxActionCredits}`),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'The reason must be at most 500 characters'),
});
export type SetPriceRequest = z.infer<typeof setPriceRequest>;

export const setPriceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  price: actionPrice,
});
export type SetPriceResponse = z.infer<typeof setPriceResponse>;

export { priceActionLabels };
