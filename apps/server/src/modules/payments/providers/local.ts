import { randomBytes } from 'node:crypto';
import { messages } from '@lumigen/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { localPaymentIntents } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { checkCard, type CardInput } from './local-cards.ts';
import { stripeApiVersion, type PaymentProvider, type ProviderIntent } from './provider.ts';
import { stripeSdk } from './stripe-sdk.ts';

type LocalIntentRow = typeof localPaymentIntents.$inferSelect;

/** Hands a signed event to our own webhook route, as Stripe would POST it. */
export type WebhookDelivery = (payload: string, signatureHeader: string) => Promise<void>;

export type LocalProvider = PaymentProvider & {
  /** Pays an intent with a card, as Stripe.js's confirmPayment would; 402 with Stripe's text when refused. */
  confirm(intentId: string, userId: string, card: CardInput): Promise<ProviderIntent>;
};

function toProviderIntent(row: LocalIntentRow): ProviderIntent {
  const status = row.status === 'requires_payment_method' ? (row.lastPaymentError ? 'failed' : 'pending') : row.status;
  return {
    id: row.id,
    amountCents: row.amountCents,
    currency: row.currency,
    status,
    failureMessage: row.lastPaymentError,
    metadata: row.metadata,
    // Test mode charges no card, so there is no card receipt to show.
    receiptUrl: null,
  };
}

/** The intent as a Stripe event carries it (only its id is read on arrival; see webhook.routes.ts). */
function stripeShaped(row: LocalIntentRow) {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amountCents,
    currency: row.currency,
    description: row.description,
    metadata: row.metadata,
    status: row.status,
    last_payment_error: row.lastPaymentError ? { message: row.lastPaymentError } : null,
    livemode: false,
  };
}

/**
 * Lumigen's test-mode payment provider: intents live in our database, cards follow Stripe's
 * test-card semantics, and each outcome is announced by a webhook signed exactly as Stripe signs
 * one, so fulfilment runs the very code it runs with Stripe.
 */
export function createLocalProvider({
  db,
  webhookSecret,
  deliver,
}: {
  db: Db;
  webhookSecret: string;
  deliver: WebhookDelivery;
}): LocalProvider {
  async function findRow(id: string): Promise<LocalIntentRow | undefined> {
    const [row] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id));
    return row;
  }

  async function announce(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', row: LocalIntentRow) {
    const payload = JSON.stringify({
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: stripeApiVersion,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: stripeShaped(row) },
    });
    await deliver(payload, (await stripeSdk()).webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
  }

  /** Moves an unpaid intent on; undefined when another confirmation got there first. */
  async function settle(id: string, values: Partial<LocalIntentRow>): Promise<LocalIntentRow | undefined> {
    const [row] = await db
      .update(localPaymentIntents)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(localPaymentIntents.id, id), eq(localPaymentIntents.status, 'requires_payment_method')))
      .returning();
    return row;
  }

  return {
    name: 'local',

    async createIntent({ amountCents, currency, description, metadata, idempotencyKey }) {
      const id = `pi_local_${randomBytes(12).toString('hex')}`;
      const [created] = await db
        .insert(localPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          amountCents,
          currency,
          description,
          metadata,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: localPaymentIntents.idempotencyKey })
        .returning();
      // A repeated key answers the intent it made the first time, as Stripe's idempotency does.
      const row =
        created ??
        (await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.idempotencyKey, idempotencyKey)))[0];
      if (!row) throw new Error('local payment intent vanished after insert');
      return { ...toProviderIntent(row), clientSecret: row.clientSecret };
    },

    async retrieveIntent(id) {
      const row = await findRow(id);
      return row ? toProviderIntent(row) : null;
    },

    // Test mode moves no money, so nothing can be refunded or disputed.
    async listReversals() {
      return [];
    },

    async confirm(intentId, userId, card) {
      const row = await findRow(intentId);
      if (!row) throw new AppError('not_found', messages.paymentNotFound);
      if (row.metadata.userId !== userId) throw new AppError('forbidden', messages.paymentNotYours);
      if (row.status === 'succeeded') return toProviderIntent(row);
      if (row.status === 'canceled') throw new AppError('conflict', messages.paymentNotCompleted);

      const outcome = checkCard(card);
      if (!outcome.ok) {
        if (outcome.kind === 'declined') {
          const failed = await settle(intentId, { lastPaymentError: outcome.message });
          if (failed) await announce('payment_intent.payment_failed', failed);
        }
        throw new AppError('payment_failed', outcome.message, { extra: { code: outcome.code } });
      }
      const paid = await settle(intentId, { status: 'succeeded', lastPaymentError: null });
      if (paid) {
        await announce('payment_intent.succeeded', paid);
        return toProviderIntent(paid);
      }
      // A concurrent confirmation moved it first: answer what it became.
      const now = await findRow(intentId);
      if (now?.status !== 'succeeded') throw new AppError('conflict', messages.paymentNotCompleted);
      return toProviderIntent(now);
    },
  };
}

/** The local provider's intents go after `days`: Stripe keeps its own, and these are only for test mode. */
export async function deleteLocalIntentsBefore(db: Db, days: number): Promise<void> {
  await db
    .delete(localPaymentIntents)
    .where(sql`${localPaymentIntents.createdAt} < now() - make_interval(days => ${days})`);
}
