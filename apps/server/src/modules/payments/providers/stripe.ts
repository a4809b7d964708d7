import { messages } from '@lumigen/contract/messages';
import type { PaymentStatus } from '@lumigen/contract/payments';
import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { stripeApiVersion, type PaymentProvider, type ProviderIntent, type ProviderReversal } from './provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 for a local server; unset: api.stripe.com. */
  apiBase?: string;
};

function addressOf(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'canceled') return 'canceled';
  // After a declined attempt Stripe returns the intent to requires_payment_method with the reason.
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return 'pending';
}

/** The charge's receipt page when `latest_charge` came expanded; only https, since the page links to it. */
function receiptUrlOf(intent: Stripe.PaymentIntent): string | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string' || intent.status !== 'succeeded') return null;
  return charge.receipt_url?.startsWith('https://') ? charge.receipt_url : null;
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    amountCents: intent.amount,
    currency: intent.currency,
    status: statusOf(intent),
    failureMessage: intent.last_payment_error?.message ?? null,
    metadata: intent.metadata,
    receiptUrl: receiptUrlOf(intent),
  };
}

function providerFailed(cause: unknown): AppError {
  return new AppError('provider_failed', messages.paymentProviderFailed, { cause });
}

/** Stripe through its official SDK. */
export function createStripeProvider({ secretKey, apiBase }: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, {
    apiVersion: stripeApiVersion,
    // Retries reuse the idempotency key, so a retried create cannot make a second intent.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Lumigen' },
    ...addressOf(apiBase),
  });

  return {
    name: 'stripe',

    async createIntent({ amountCents, currency, description, receiptEmail, metadata, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            description,
            receipt_email: receiptEmail,
            metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
        if (!intent.client_secret) throw new Error(`payment intent ${intent.id} came without a client secret`);
        return { ...toProviderIntent(intent), clientSecret: intent.client_secret };
      } catch (error) {
        throw providerFailed(error);
      }
    },

    async retrieveIntent(id) {
      try {
        // The charge comes nested in the same call, so fulfilment reads its receipt at no extra request.
        return toProviderIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw providerFailed(error);
      }
    },

    async listReversals(intentId) {
      try {
        const [refunds, disputes] = await Promise.all([
          stripe.refunds.list({ payment_intent: intentId, limit: 100 }).autoPagingToArray({ limit: 1000 }),
          stripe.disputes.list({ payment_intent: intentId, limit: 100 }).autoPagingToArray({ limit: 1000 }),
        ]);
        return [
          // A failed or canceled refund sent nothing back.
          ...refunds
            .filter(
              (refund) =>
                refund.status === 'succeeded' || refund.status === 'pending' || refund.status === 'requires_action',
            )
            .map((refund): ProviderReversal => ({ id: refund.id, kind: 'refund', amountCents: refund.amount })),
          ...disputes.map((dispute): ProviderReversal => ({
            id: dispute.id,
            kind: 'dispute',
            amountCents: dispute.amount,
          })),
        ];
      } catch (error) {
        throw providerFailed(error);
      }
    },
  };
}
