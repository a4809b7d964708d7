import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createKey } from '../../test/api-keys.ts';
import { signedEvent, signedEventOf, startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { catRequest } from '../../test/job-calls.ts';
import { createIntent, sendWebhook } from '../../test/payment-calls.ts';

/** Spend, then charge back: what a reversal could not take back is owed, and collected. */
describe.each(databaseKinds)('a shortfall from a reversal on %s', (kind) => {
  let fake: FakeStripe;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(kind, stripeEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function buy(token: string, bundle: string) {
    const { paymentIntentId } = await createIntent(t.app, token, bundle);
    fake.setStatus(paymentIntentId, 'succeeded');
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    return paymentIntentId;
  }
  const ledgerOf = (userId: string) =>
    rows<{ reason: string; delta: number; balance_after: number }>(
      t.database.db,
      sql`SELECT reason, delta, balance_after FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
    );

  it('blocks paid work and its API keys with 402 naming what is owed, until the next purchase settles it first', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    const popular = await buy(token, 'Popular'); // 5 + 35 = 40
    for (let i = 0; i < 38; i += 1) expect((await post(t.app, '/api/image/deduct-credit', token)).statusCode).toBe(200);
    const { charge } = fake.reverse(popular, 'dispute');
    expect((await sendWebhook(t.app, signedEventOf('charge.dispute.created', charge))).statusCode).toBe(200);
    // 35 claimed, 2 left to take: 33 owed, balance 0.
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 0 });

    const owed = messages.shortfallOwed(33);
    const job = await post(t.app, '/api/jobs/generate', token, catRequest);
    expect([job.statusCode, job.json().message]).toEqual([402, owed]);
    const viaKey = await t.app.inject({
      method: 'POST',
      url: '/v1/images/generations',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'a cat', size: '256x256' },
    });
    expect([viaKey.statusCode, viaKey.json().error.message]).toEqual([402, owed]);
    expect((await post(t.app, '/api/image/deduct-credit', token)).statusCode).toBe(402);

    // Starter (5) pays 5 of it: still owed 28, still refused.
    const starter = await buy(token, 'Starter');
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 0 });
    expect((await post(t.app, '/api/jobs/generate', token, catRequest)).json().message).toBe(
      messages.shortfallOwed(28),
    );
    // Premium (100) pays the remaining 28 first; 72 are credited.
    const premium = await buy(token, 'Premium');
    // 5 bonus + 35 − 38 spent − 2 taken back + 5 − 5 + 100 − 28 = 72, and the ledger sums to it.
    expect(await ledgerState(t.database, user.id)).toEqual({
      balance: 72,
      ledgerSum: 72,
      ledgerRows: 1 + 1 + 38 + 1 + 2 + 2,
    });
    expect((await ledgerOf(user.id)).slice(-5)).toEqual([
      { reason: 'purchase_reversed', delta: -2, balance_after: 0 },
      { reason: 'purchase', delta: 5, balance_after: 5 },
      { reason: 'shortfall_settled', delta: -5, balance_after: 0 },
      { reason: 'purchase', delta: 100, balance_after: 100 },
      { reason: 'shortfall_settled', delta: -28, balance_after: 72 },
    ]);
    expect(
      (
        await rows<{ owed: number }>(t.database.db, sql`SELECT credits_owed AS owed FROM users WHERE id = ${user.id}`)
      )[0]!.owed,
    ).toBe(0);
    expect((await post(t.app, '/api/image/deduct-credit', token)).statusCode).toBe(200);

    const listed = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } })).json()
      .payments as Array<Record<string, unknown>>;
    expect(listed.find((p) => p.paymentIntentId === starter)).toMatchObject({ shortfallSettledCredits: 5 });
    expect(listed.find((p) => p.paymentIntentId === premium)).toMatchObject({ shortfallSettledCredits: 28 });
    expect(listed.find((p) => p.paymentIntentId === popular)).toMatchObject({
      shortfallCredits: 33,
      shortfallSettledCredits: 0,
    });
    const ledger = (await t.app.inject({ method: 'GET', url: '/api/credits/ledger', headers: { token } })).json()
      .entries as Array<{ description: string }>;
    expect(ledger.map((entry) => entry.description)).toContain('Owed credits settled from this purchase');
  });
});
