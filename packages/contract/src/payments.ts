import { z } from 'zod';
import { bundleNames } from './catalogue.ts';
import { creditResponse } from './credit-schemas.ts';
import { messages } from './messages.ts';

const bundleName = z.enum(bundleNames, {
  error: (issue) => (issue.input === undefined ? 'Items is required' : messages.unknownBundle),
});

/**
 * docs/product.md's checkout sends the bundle as `items`: its name ("Popular"), or Stripe's sample shape
 * `[{ "id": "Popular" }]`. Either way only the name is read; price and credits are the server's.
 */
const items = z.preprocess(
  (value) => (Array.isArray(value) && value.length === 1 ? (value[0] as { id?: unknown } | null)?.id : value),
  bundleName,
);

export const paymentIntentId = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Payment intent id is required' : 'Payment intent id must be text'),
  })
  .trim()
  .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'Payment intent id is not valid');

export const createPaymentIntentRequest = z.strictObject({
  items,
  // Kept for docs/product.md's client; the server describes the payment itself and bills the session's
  // e-mail address, so neither text can smuggle anything into the intent.
  description: z
    .string({ error: 'Description must be text' })
    .max(500, 'Description must be at most 500 characters')
    .optional(),
  userEmail: z
    .string({ error: 'User email must be text' })
    .max(254, 'User email must be at most 254 characters')
    .optional(),
  /**
   * Made by the page once per checkout attempt and sent with every retry: two clicks with one key
   * make one payment intent. Without it every call makes a new intent.
   */
  idempotencyKey: z
    .string({ error: 'Idempotency key must be text' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency key must be 8 to 100 letters, digits, - or _')
    .optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequest>;

/** What a purchase is, as both the new intent and the purchase list describe it. */
const purchaseFields = {
  paymentIntentId: z.string(),
  /** In cents, from the catalogue. */
  amount: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
};

export const createPaymentIntentResponse = z.object({
  success: z.literal(true),
  clientSecret: z.string(),
  ...purchaseFields,
  bundle: z.enum(bundleNames),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

/**
 * Sent by the checkout page after the provider confirmed the payment. `bundulo` (docs/product.md's
 * credit count) is accepted for old clients and never trusted: the purchase decides the credits.
 */
export const addCreditRequest = z.strictObject({
  paymentIntentId,
  bundulo: z.number({ error: 'bundulo must be a number' }).int('bundulo must be a whole number').optional(),
});
export type AddCreditRequest = z.infer<typeof addCreditRequest>;

export const addCreditResponse = creditResponse;
export type AddCreditResponse = z.infer<typeof addCreditResponse>;

/** `refunded` and `disputed`: the money went back to the card, and the purchase's credits with it. */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'canceled', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentSummary = z.object({
  ...purchaseFields,
  // Any name ever sold, so a purchase stays listed after its bundle leaves the catalogue.
  bundle: z.string(),
  status: z.enum(paymentStatuses),
  /** Credits a refund or dispute should have taken back but could not: they were already spent. */
  shortfallCredits: z.number().int().nonnegative(),
  /** Credits of this purchase that paid what an earlier reversal left owed (the rest was credited). */
  shortfallSettledCredits: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The payment provider's receipt page for the card payment; absent in test mode or before it is paid. */
  receiptUrl: z.string().optional(),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

export const paymentsListResponse = z.object({ success: z.literal(true), payments: z.array(paymentSummary) });
export type PaymentsListResponse = z.infer<typeof paymentsListResponse>;

/** Which provider the checkout page talks to; `local` is Lumigen's test mode (no real money). */
export const paymentsConfigResponse = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local'), testMode: z.literal(true), publishableKey: z.null() }),
  z.object({ provider: z.literal('stripe'), testMode: z.boolean(), publishableKey: z.string() }),
]);
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponse>;

/**
 * The local provider's card form. Only the shape is checked here: whether the card pays is the
 * provider's answer, in Stripe's words (messages.card).
 */
export const localConfirmRequest = z.strictObject({
  paymentIntentId,
  cardNumber: z.string({ error: 'Card number must be text' }).max(40, 'Card number must be at most 40 characters'),
  expMonth: z.number({ error: 'Expiry month must be a number' }).int('Expiry month must be a whole number'),
  /** Two or four digits (27 or 2027). */
  expYear: z.number({ error: 'Expiry year must be a number' }).int('Expiry year must be a whole number'),
  cvc: z.string({ error: 'CVC must be text' }).max(8, 'CVC must be at most 8 characters'),
});
export type LocalConfirmRequest = z.infer<typeof localConfirmRequest>;

export const localConfirmResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});
export type LocalConfirmResponse = z.infer<typeof localConfirmResponse>;

export const webhookResponse = z.object({ received: z.literal(true) });
export type WebhookResponse = z.infer<typeof webhookResponse>;
