import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { signedEvent, signedEventOf, startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import {
  captureLogs,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { createIntent, paymentRow, sendWebhook } from '../../test/payment-calls.ts';

describe.each(databaseKinds)('refunded and disputed card payments on %s', (kind) => {
  let fake: FakeStripe;
  let t: TestContext;
  const { lines: logLines, logger } = captureLogs();
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(kind, { ...stripeEnv(fake), LOG_LEVEL: 'info' }, { logger });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A user who bought Popular (35 credits) by card: 40 credits. */
  async function buyer() {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Popular');
    fake.setStatus(paymentIntentId, 'succeeded');
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 40 });
    return { token, user, paymentIntentId };
  }

  const reversedRows = (userId: string) =>
    rows<{ delta: number; balance_after: number; ref: string }>(
      t.database.db,
      sql`SELECT delta, balance_after, ref FROM credit_ledger WHERE user_id = ${userId} AND reason = 'purchase_reversed' ORDER BY id`,
    );

  const reversalColumns = async (paymentIntentId: string) =>
    (
      await rows<{ reversed_credits: number; shortfall_credits: number }>(
        t.database.db,
        sql`SELECT reversed_credits, shortfall_credits FROM payments WHERE provider_payment_id = ${paymentIntentId}`,
      )
    )[0];

  /** Spends `count` credits through the SPEC's deduct-credit call. */
  async function spend(token: string, count: number) {
    for (let i = 0; i < count; i += 1)
      expect((await post(t.app, '/api/image/deduct-credit', token)).statusCode).toBe(200);
  }

  it('charge.refunded takes the purchase’s credits back once, however often it is delivered', async () => {
    const { token, user, paymentIntentId } = await buyer();
    const { reversal, charge } = fake.reverse(paymentIntentId, 'refund');
    const event = signedEventOf('charge.refunded', charge);

    const first = await sendWebhook(t.app, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    // Replayed 5 times, twice of them at once.
    for (const response of [
      ...(await Promise.all([sendWebhook(t.app, event), sendWebhook(t.app, event)])),
      ...(await Promise.all([1, 2, 3].map(() => sendWebhook(t.app, event)))),
    ]) {
      expect(response.statusCode).toBe(200);
    }

    expect(await reversedRows(user.id)).toEqual([{ delta: -35, balance_after: 5, ref: reversal.id }]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'refunded', credited: true });
    expect(await reversalColumns(paymentIntentId)).toEqual({ reversed_credits: 35, shortfall_credits: 0 });

    const listed = await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } });
    expect(listed.json().payments).toEqual([
      expect.objectContaining({ paymentIntentId, status: 'refunded', shortfallCredits: 0, credits: 35 }),
    ]);
  });

  it('after partial spending takes what is left: balance 0, the shortfall recorded and logged', async () => {
    const { token, user, paymentIntentId } = await buyer();
    await spend(token, 38);
    const { reversal, charge } = fake.reverse(paymentIntentId, 'refund');
    for (let i = 0; i < 3; i += 1)
      expect((await sendWebhook(t.app, signedEventOf('charge.refunded', charge))).statusCode).toBe(200);

    expect(await reversedRows(user.id)).toEqual([{ delta: -2, balance_after: 0, ref: reversal.id }]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 41 });
    expect(await reversalColumns(paymentIntentId)).toEqual({ reversed_credits: 35, shortfall_credits: 33 });
    const warning = logLines.find((line) => line.reversalId === reversal.id && line.level === 40);
    expect(warning).toMatchObject({
      msg: 'purchase reversed, but some of its credits were already spent',
      claimed: 35,
      taken: 2,
      shortfall: 33,
      userId: user.id,
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } });
    expect(listed.json().payments[0]).toMatchObject({ status: 'refunded', shortfallCredits: 33 });
  });

  it('charge.dispute.created does the same, once per dispute', async () => {
    const { user, paymentIntentId } = await buyer();
    const { reversal } = fake.reverse(paymentIntentId, 'dispute');
    const event = signedEventOf('charge.dispute.created', {
      id: reversal.id,
      object: 'dispute',
      amount: reversal.amount,
      charge: reversal.charge,
      payment_intent: paymentIntentId,
      status: 'needs_response',
    });
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(t.app, event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(5).fill(200));

    expect(await reversedRows(user.id)).toEqual([{ delta: -35, balance_after: 5, ref: reversal.id }]);
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'disputed' });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('a dispute after partial spending takes what is left and records the shortfall', async () => {
    const { token, user, paymentIntentId } = await buyer();
    await spend(token, 30);
    const { reversal } = fake.reverse(paymentIntentId, 'dispute');
    const event = signedEventOf('charge.dispute.created', {
      id: reversal.id,
      object: 'dispute',
      amount: reversal.amount,
      payment_intent: paymentIntentId,
    });
    for (let i = 0; i < 2; i += 1) expect((await sendWebhook(t.app, event)).statusCode).toBe(200);
    expect(await reversedRows(user.id)).toEqual([{ delta: -10, balance_after: 0, ref: reversal.id }]);
    expect(await reversalColumns(paymentIntentId)).toEqual({ reversed_credits: 35, shortfall_credits: 25 });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'disputed' });
  });

  it('a partial refund takes back its share, and a later refund of the rest the remainder', async () => {
    const { user, paymentIntentId } = await buyer();
    const intent = fake.intents.get(paymentIntentId)!;
    const half = fake.reverse(paymentIntentId, 'refund', { amount: intent.amount / 2 });
    expect((await sendWebhook(t.app, signedEventOf('charge.refunded', half.charge))).statusCode).toBe(200);
    // 35 credits × half the amount, rounded up: 18.
    expect((await reversedRows(user.id)).map((r) => r.delta)).toEqual([-18]);
    const rest = fake.reverse(paymentIntentId, 'refund', { amount: intent.amount / 2 });
    expect((await sendWebhook(t.app, signedEventOf('charge.refunded', rest.charge))).statusCode).toBe(200);
    expect((await reversedRows(user.id)).map((r) => r.delta)).toEqual([-18, -17]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 4 });
    // A dispute on top finds nothing left to claim, and says so once.
    const dispute = fake.reverse(paymentIntentId, 'dispute');
    expect(
      (
        await sendWebhook(
          t.app,
          signedEventOf('charge.dispute.created', { id: dispute.reversal.id, payment_intent: paymentIntentId }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await reversedRows(user.id)).map((r) => r.delta)).toEqual([-18, -17, 0]);
    expect(await reversalColumns(paymentIntentId)).toEqual({ reversed_credits: 35, shortfall_credits: 0 });
  });

  it('a failed refund sends nothing back and takes nothing', async () => {
    const { user, paymentIntentId } = await buyer();
    const { charge } = fake.reverse(paymentIntentId, 'refund', { status: 'failed' });
    expect((await sendWebhook(t.app, signedEventOf('charge.refunded', charge))).statusCode).toBe(200);
    expect(await reversedRows(user.id)).toEqual([]);
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'succeeded' });
  });

  it('a payment refunded before it was credited is never credited afterwards', async () => {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Popular');
    fake.setStatus(paymentIntentId, 'succeeded');
    const { charge } = fake.reverse(paymentIntentId, 'refund');
    expect((await sendWebhook(t.app, signedEventOf('charge.refunded', charge))).statusCode).toBe(200);
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'refunded', credited: false });
  });

  it('an unsigned or doctored refund event is refused and takes nothing', async () => {
    const { user, paymentIntentId } = await buyer();
    const { charge } = fake.reverse(paymentIntentId, 'refund');
    const event = signedEventOf('charge.refunded', charge, 'whsec_someone_else');
    expect((await sendWebhook(t.app, event)).statusCode).toBe(400);
    expect((await sendWebhook(t.app, { payload: event.payload })).statusCode).toBe(400);
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 40 });
  });

  it('a refund of a payment Lumigen never sold is acknowledged and changes nothing', async () => {
    const foreign = fake.addForeignIntent({ amount: 5000 });
    const { charge } = fake.reverse(foreign.id, 'refund');
    const response = await sendWebhook(t.app, signedEventOf('charge.refunded', charge));
    expect(response.statusCode).toBe(200);
    const [row] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM credit_ledger WHERE reason = 'purchase_reversed' AND ref = ${charge.id}`,
    );
    expect(row?.n).toBe(0);
  });
});
