import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedEvent, startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import {
  captureLogs,
  databaseKinds,
  ledgerState,
  register,
  startTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { addCredit, createIntent, paymentRow, purchaseRows, sendWebhook } from '../../test/payment-calls.ts';

describe.each(databaseKinds)('the Stripe webhook route on %s', (kind) => {
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

  /** A user with 5 credits and an unpaid Popular intent. */
  async function buyer() {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Popular');
    return { token, user, paymentIntentId };
  }

  it('a signed payment_intent.succeeded grants the bundle’s credits once, and a replay changes nothing', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'succeeded');
    const event = signedEvent('payment_intent.succeeded', { id: paymentIntentId });

    const first = await sendWebhook(t.app, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'succeeded', credited: true });

    expect((await sendWebhook(t.app, event)).statusCode).toBe(200);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
    expect(await purchaseRows(t.database, paymentIntentId)).toEqual([{ user_id: user.id, delta: 35 }]);
  });

  it('the same event replayed 10 times concurrently is granted once', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'succeeded');
    const event = signedEvent('payment_intent.succeeded', { id: paymentIntentId });
    const responses = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(t.app, event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
    expect(await purchaseRows(t.database, paymentIntentId)).toHaveLength(1);
  });

  it('the webhook and add-credit racing grant once, and both answer success', async () => {
    // Slow retrieves keep both routes inside fulfilment at the same time.
    fake.slowRetrieves(30);
    try {
      for (let round = 0; round < 3; round += 1) {
        const { token, user, paymentIntentId } = await buyer();
        fake.setStatus(paymentIntentId, 'succeeded');
        const [hook, add] = await Promise.all([
          sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: paymentIntentId })),
          addCredit(t.app, token, paymentIntentId),
        ]);
        expect(hook.statusCode).toBe(200);
        expect(add.statusCode).toBe(200);
        expect(add.json()).toEqual({ success: true, message: 'Payment successful', creditBalance: 40 });
        expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
        expect(await purchaseRows(t.database, paymentIntentId)).toHaveLength(1);
      }
    } finally {
      fake.slowRetrieves(0);
    }
  });

  it('refuses a tampered body, a wrong secret or no signature with 400, granting nothing', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'succeeded');
    const genuine = signedEvent('payment_intent.succeeded', { id: paymentIntentId, amount: 2000 });
    const attempts = [
      { payload: genuine.payload.replace('"amount":2000', '"amount":2001'), signature: genuine.signature },
      signedEvent('payment_intent.succeeded', { id: paymentIntentId }, 'whsec_someone_else'),
      { payload: genuine.payload },
      { payload: genuine.payload, signature: 't=1,v1=deadbeef' },
    ];
    for (const attempt of attempts) {
      const response = await sendWebhook(t.app, attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    }
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'pending', credited: false });
  });

  it('answers 2xx to an event for an intent we never sold, grants nothing and logs it', async () => {
    const foreign = fake.addForeignIntent({ status: 'succeeded', metadata: { credits: '1000' } });
    const before = await purchaseRows(t.database, foreign.id);
    for (const id of [foreign.id, 'pi_nobody_has_this']) {
      const response = await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
      const warning = logLines.find((l) => l.paymentIntentId === id && l.level === 40);
      expect(warning?.msg).toBe('webhook for a payment we cannot fulfil; nothing granted');
    }
    expect(before).toEqual([]);
    expect(await purchaseRows(t.database, foreign.id)).toEqual([]);
  });

  it('reads only the id from the event: a doctored event for an unpaid intent grants nothing', async () => {
    const { user, paymentIntentId } = await buyer();
    const event = signedEvent('payment_intent.succeeded', {
      id: paymentIntentId,
      status: 'succeeded',
      amount: 5000,
      metadata: { userId: user.id, bundle: 'Premium', credits: '1000' },
    });
    expect((await sendWebhook(t.app, event)).statusCode).toBe(200);
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 5 });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'pending', credited: false });
  });

  it('grants nothing when Stripe’s intent disagrees with our record (another user in its metadata)', async () => {
    const { user, paymentIntentId } = await buyer();
    const other = await register(t.app);
    const intent = fake.intents.get(paymentIntentId);
    if (!intent) throw new Error('intent missing');
    intent.metadata = { ...intent.metadata, userId: other.user.id };
    fake.setStatus(paymentIntentId, 'succeeded');
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    expect((await ledgerState(t.database, user.id)).balance).toBe(5);
    expect((await ledgerState(t.database, other.user.id)).balance).toBe(5);
    expect(await purchaseRows(t.database, paymentIntentId)).toEqual([]);
  });

  it('payment_failed records the decline; a later success on the same intent is still granted once', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'requires_payment_method', 'Your card has insufficient funds.');
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.payment_failed', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({
      status: 'failed',
      failure_message: 'Your card has insufficient funds.',
      credited: false,
    });
    expect((await ledgerState(t.database, user.id)).balance).toBe(5);

    fake.setStatus(paymentIntentId, 'succeeded');
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    // A late, out-of-order failure event cannot move a succeeded payment back.
    expect(
      (await sendWebhook(t.app, signedEvent('payment_intent.payment_failed', { id: paymentIntentId }))).statusCode,
    ).toBe(200);
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({
      status: 'succeeded',
      failure_message: null,
      credited: true,
    });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
  });

  it('payment_intent.canceled records the cancellation and grants nothing', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'canceled');
    expect((await sendWebhook(t.app, signedEvent('payment_intent.canceled', { id: paymentIntentId }))).statusCode).toBe(
      200,
    );
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'canceled', credited: false });
    expect((await ledgerState(t.database, user.id)).balance).toBe(5);
  });

  it('acknowledges event types it does not handle without acting on them', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'succeeded');
    for (const type of ['payment_intent.created', 'charge.succeeded', 'customer.created']) {
      const response = await sendWebhook(t.app, signedEvent(type, { id: paymentIntentId }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect((await ledgerState(t.database, user.id)).balance).toBe(5);
  });

  it('answers 502 while Stripe is down, so Stripe delivers again; the redelivery grants', async () => {
    const { user, paymentIntentId } = await buyer();
    fake.setStatus(paymentIntentId, 'succeeded');
    const event = signedEvent('payment_intent.succeeded', { id: paymentIntentId });
    fake.failNext(3);
    const down = await sendWebhook(t.app, event);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      success: false,
      message: 'The payment provider could not be reached. Please try again.',
    });
    expect((await ledgerState(t.database, user.id)).balance).toBe(5);
    expect((await sendWebhook(t.app, event)).statusCode).toBe(200);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
  });

  it('never logs the Stripe-Signature header', async () => {
    const { paymentIntentId } = await buyer();
    const event = signedEvent('payment_intent.created', { id: paymentIntentId });
    await sendWebhook(t.app, event);
    const signaturePart = event.signature.split('v1=')[1] ?? 'missing';
    expect(JSON.stringify(logLines)).not.toContain(signaturePart);
  });
});
