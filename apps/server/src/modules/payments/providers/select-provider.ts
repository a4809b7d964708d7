import { randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { createLocalProvider, type LocalProvider, type WebhookDelivery } from './local.ts';
import type { PaymentProvider } from './provider.ts';
import type { StripeProviderOptions } from './stripe.ts';

export type PaymentSetup = {
  provider: PaymentProvider;
  /** Present only in local test mode, for its confirm endpoint. */
  local: LocalProvider | undefined;
  /** Verifies incoming webhooks: Stripe's endpoint secret, or the local provider's own. */
  webhookSecret: string;
};

/** Chosen once at start-up: Stripe when configured, else the local test-mode provider. */
export function selectPaymentProvider(
  config: PaymentsConfig,
  { db, deliver }: { db: Db; deliver: WebhookDelivery },
): PaymentSetup {
  if (config.provider === 'stripe') {
    return {
      provider: stripeProvider({ secretKey: config.secretKey, apiBase: config.apiBase }),
      local: undefined,
      webhookSecret: config.webhookSecret,
    };
  }
  // Without a configured secret, one per process: the local provider only signs for itself.
  const webhookSecret = config.webhookSecret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
  const local = createLocalProvider({ db, webhookSecret, deliver });
  return { provider: local, local, webhookSecret };
}

/** The Stripe SDK, some 20 MB of resident memory, is loaded only where Stripe is the provider. */
function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const loaded = import('./stripe.ts').then(({ createStripeProvider }) => createStripeProvider(options));
  return {
    name: 'stripe',
    createIntent: async (input) => (await loaded).createIntent(input),
    retrieveIntent: async (id) => (await loaded).retrieveIntent(id),
    listReversals: async (intentId) => (await loaded).listReversals(intentId),
  };
}
