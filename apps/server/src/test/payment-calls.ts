import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Database } from '../db/client.ts';
import { post } from './harness.ts';

/** create-payment-intent as the checkout page calls it; throws unless it answered 200. */
export async function createIntent(app: FastifyInstance, token: string, bundle = 'Popular', idempotencyKey?: string) {
  const response = await post(app, '/api/stripe/create-payment-intent', token, {
    items: [{ id: bundle }],
    description: 'Credits for a customer',
    userEmail: 'someone@example.com',
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`create-payment-intent failed: ${response.statusCode} ${response.body}`);
  return response.json() as {
    paymentIntentId: string;
    clientSecret: string;
    amount: number;
    credits: number;
    bundle: string;
  };
}

export function sendWebhook(app: FastifyInstance, { payload, signature }: { payload: string; signature?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

export function addCredit(app: FastifyInstance, token: string, paymentIntentId: string, bundulo?: number) {
  return post(app, '/api/image/add-credit', token, { paymentIntentId, ...(bundulo === undefined ? {} : { bundulo }) });
}

/** The purchase rows of the ledger for one payment: exactly one once it is credited. */
export async function purchaseRows(database: Database, paymentIntentId: string) {
  return rows<{ user_id: string; delta: number }>(
    database.db,
    sql`SELECT user_id, delta FROM credit_ledger WHERE reason = 'purchase' AND ref = ${paymentIntentId}`,
  );
}

export async function paymentRow(database: Database, paymentIntentId: string) {
  const [row] = await rows<{
    status: string;
    failure_message: string | null;
    credited: boolean;
    user_id: string;
    receipt_url: string | null;
  }>(
    database.db,
    sql`SELECT status, failure_message, credited_at IS NOT NULL AS credited, user_id, receipt_url FROM payments WHERE provider_payment_id = ${paymentIntentId}`,
  );
  return row;
}
