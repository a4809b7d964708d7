import type { PaymentStatus } from '@lumigen/contract/payments';

/** What Lumigen writes on every intent, so the provider's record alone says whose and what. */
export type IntentMetadata = { userId: string; bundle: string; credits: string };

/** A payment intent as the provider reports it, in Lumigen's terms. */
export type ProviderIntent = {
  id: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  /** The provider's reason for the last failed attempt, in its own words. */
  failureMessage: string | null;
  metadata: Partial<IntentMetadata>;
  /** The provider's own receipt page for the payment (Stripe: its charge's), once it has one. */
  receiptUrl: string | null;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  description: string;
  receiptEmail: string;
  metadata: IntentMetadata;
  /** Same key, same intent: a double click or a retried request makes one payment. */
  idempotencyKey: string;
};

/** Money that went back to the buyer: a refund, or a dispute (chargeback), as the provider reports it. */
export type ProviderReversal = { id: string; kind: 'refund' | 'dispute'; amountCents: number };

/** One small interface, one file per implementation (`stripe.ts`, `local.ts`), chosen from config. */
export type PaymentProvider = {
  readonly name: 'local' | 'stripe';
  createIntent(input: CreateIntentInput): Promise<ProviderIntent & { clientSecret: string }>;
  /** null when the provider holds no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** The refunds (pending or done) and disputes of an intent's payment, read from the provider. */
  listReversals(intentId: string): Promise<ProviderReversal[]>;
};

/**
 * Pinned so a Stripe account upgrade cannot change the shapes we read; it is the version this
 * SDK release is typed for, so moving it means upgrading the SDK deliberately.
 */
export const stripeApiVersion = '2026-10-28.endive';
