import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { signedEvent, startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { addCredit, createIntent, paymentRow, purchaseRows, sendWebhook } from '../../test/payment-calls.ts';

describe.each(databaseKinds)('buying credits through Stripe on %s', (kind) => {
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

  const countPayments = async (userId: string) =>
    (
      await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${userId}`)
    )[0]?.n;

  describe('create-payment-intent', () => {
    it('prices the bundle from the catalogue and records the intent', async () => {
      const { token, user } = await register(t.app);
      const response = await post(t.app, '/api/stripe/create-payment-intent', token, {
        items: [{ id: 'Popular' }],
        description: 'Popular for mallory@example.com',
        userEmail: 'mallory@example.com',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        clientSecret: expect.stringMatching(/^pi_fake_\w+_secret_\w+$/),
        paymentIntentId: expect.stringMatching(/^pi_fake_/),
        amount: 2000,
        currency: 'usd',
        credits: 35,
        bundle: 'Popular',
      });
      const intent = fake.intents.get(body.paymentIntentId);
      expect(intent).toMatchObject({
        amount: 2000,
        currency: 'usd',
        metadata: { userId: user.id, bundle: 'Popular', credits: '35' },
      });
      // The session's address, not the one the browser typed.
      expect(intent?.receipt_email).toBe(user.email);
      expect(await paymentRow(t.database, body.paymentIntentId)).toMatchObject({
        status: 'pending',
        credited: false,
        user_id: user.id,
      });
    });

    it('makes one intent for a double click with the same checkout key, and answers it again while it is open (payment-intents-limited.test.ts)', async () => {
      const { token, user } = await register(t.app);
      const [a, b] = await Promise.all([
        createIntent(t.app, token, 'Premium', 'checkout-attempt-1'),
        createIntent(t.app, token, 'Premium', 'checkout-attempt-1'),
      ]);
      expect(b.paymentIntentId).toBe(a.paymentIntentId);
      expect(b.clientSecret).toBe(a.clientSecret);
      const c = await createIntent(t.app, token, 'Premium', 'checkout-attempt-2');
      expect(c.paymentIntentId).toBe(a.paymentIntentId);
      expect(await countPayments(user.id)).toBe(1);
    });

    it('never hands one user’s intent to another who sends the same key', async () => {
      const first = await register(t.app);
      const second = await register(t.app);
      const a = await createIntent(t.app, first.token, 'Starter', 'shared-key-123');
      const b = await createIntent(t.app, second.token, 'Starter', 'shared-key-123');
      expect(b.paymentIntentId).not.toBe(a.paymentIntentId);
      expect(fake.intents.get(b.paymentIntentId)?.metadata.userId).toBe(second.user.id);
    });

    it.each([
      [{ items: 'Enterprise' }, 'Unknown bundle: choose Starter, Popular or Premium'],
      [{ items: [{ id: 'Free' }] }, 'Unknown bundle: choose Starter, Popular or Premium'],
      [{}, 'Items is required'],
      [{ items: 'Starter', amount: 1 }, 'Unknown field: amount'],
      [{ items: 'Starter', idempotencyKey: 'x' }, 'Idempotency key must be 8 to 100 letters, digits, - or _'],
    ])('refuses %j with 400', async (payload, message) => {
      const { token, user } = await register(t.app);
      const before = fake.intents.size;
      const response = await post(t.app, '/api/stripe/create-payment-intent', token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
      expect(fake.intents.size).toBe(before);
      expect(await countPayments(user.id)).toBe(0);
    });

    it('needs a valid token', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const response = await post(t.app, '/api/stripe/create-payment-intent', token, { items: 'Starter' });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'Please log in to continue' });
      }
    });
  });

  describe('add-credit', () => {
    it('credits a succeeded payment once; repeats answer the same balance', async () => {
      const { token, user } = await register(t.app);
      const { paymentIntentId } = await createIntent(t.app, token, 'Starter');
      fake.setStatus(paymentIntentId, 'succeeded');
      for (let i = 0; i < 3; i += 1) {
        const response = await addCredit(t.app, token, paymentIntentId);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, message: 'Payment successful', creditBalance: 10 });
      }
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 10, ledgerSum: 10, ledgerRows: 2 });
    });

    it('grants the catalogue’s credits whatever bundulo says', async () => {
      const { token, user } = await register(t.app);
      const { paymentIntentId } = await createIntent(t.app, token, 'Popular');
      fake.setStatus(paymentIntentId, 'succeeded');
      const response = await addCredit(t.app, token, paymentIntentId, 1000);
      expect(response.statusCode).toBe(200);
      expect(response.json().creditBalance).toBe(40);
      expect(await purchaseRows(t.database, paymentIntentId)).toEqual([{ user_id: user.id, delta: 35 }]);
    });

    it('refuses another user’s intent with 403 and grants nothing to anyone', async () => {
      const owner = await register(t.app);
      const thief = await register(t.app);
      const { paymentIntentId } = await createIntent(t.app, owner.token, 'Premium');
      fake.setStatus(paymentIntentId, 'succeeded');
      const response = await addCredit(t.app, thief.token, paymentIntentId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'This payment belongs to another account' });
      expect((await ledgerState(t.database, thief.user.id)).balance).toBe(5);
      expect((await ledgerState(t.database, owner.user.id)).balance).toBe(5);
      expect(await purchaseRows(t.database, paymentIntentId)).toEqual([]);
    });

    it.each([
      ['unpaid', 'requires_payment_method', null],
      ['declined', 'requires_payment_method', 'Your card was declined.'],
      ['processing', 'processing', null],
      ['canceled', 'canceled', null],
    ] as const)('refuses an intent that is %s with 409 and grants nothing', async (_label, status, error) => {
      const { token, user } = await register(t.app);
      const { paymentIntentId } = await createIntent(t.app, token, 'Popular');
      fake.setStatus(paymentIntentId, status, error);
      const response = await addCredit(t.app, token, paymentIntentId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'The payment has not been completed' });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    });

    it('answers 404 for an intent we never sold, even one Stripe says succeeded', async () => {
      const { token, user } = await register(t.app);
      const foreign = fake.addForeignIntent({
        status: 'succeeded',
        metadata: { userId: user.id, bundle: 'Premium', credits: '100' },
      });
      for (const id of [foreign.id, 'pi_does_not_exist']) {
        const response = await addCredit(t.app, token, id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Payment not found' });
      }
      expect((await ledgerState(t.database, user.id)).balance).toBe(5);
    });

    it('refuses a missing or malformed id, and a credit count alone, with 400', async () => {
      const { token, user } = await register(t.app);
      for (const [payload, message] of [
        [{ bundulo: 35 }, 'Payment intent id is required'],
        [{ paymentIntentId: 'ch_123' }, 'Payment intent id is not valid'],
        [{ paymentIntentId: 'pi_1', bundulo: 'lots' }, 'bundulo must be a number'],
      ] as const) {
        const response = await post(t.app, '/api/image/add-credit', token, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message });
      }
      expect((await ledgerState(t.database, user.id)).balance).toBe(5);
    });

    it('needs a valid token', async () => {
      const response = await post(t.app, '/api/image/add-credit', undefined, { paymentIntentId: 'pi_123' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the purchase list and the provider configuration', () => {
    it('lists only the user’s own purchases, newest first, with their status', async () => {
      const { token } = await register(t.app);
      const other = await register(t.app);
      const starter = await createIntent(t.app, token, 'Starter');
      const premium = await createIntent(t.app, token, 'Premium');
      await createIntent(t.app, other.token, 'Popular');
      fake.setStatus(premium.paymentIntentId, 'succeeded');
      await addCredit(t.app, token, premium.paymentIntentId);

      const response = await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        payments: [
          {
            paymentIntentId: premium.paymentIntentId,
            bundle: 'Premium',
            amount: 5000,
            currency: 'usd',
            credits: 100,
            status: 'succeeded',
            shortfallCredits: 0,
            shortfallSettledCredits: 0,
            createdAt: expect.any(String),
            receiptUrl: fake.charges.get(fake.intents.get(premium.paymentIntentId)?.latest_charge ?? '')?.receipt_url,
          },
          {
            paymentIntentId: starter.paymentIntentId,
            bundle: 'Starter',
            amount: 500,
            currency: 'usd',
            credits: 5,
            status: 'pending',
            shortfallCredits: 0,
            shortfallSettledCredits: 0,
            createdAt: expect.any(String),
          },
        ],
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    });

    it('keeps the card receipt of the charge Stripe made, whichever route fulfils the payment', async () => {
      const { token } = await register(t.app);
      const byPage = await createIntent(t.app, token, 'Starter');
      fake.setStatus(byPage.paymentIntentId, 'succeeded');
      expect((await addCredit(t.app, token, byPage.paymentIntentId)).statusCode).toBe(200);
      const byWebhook = await createIntent(t.app, token, 'Premium');
      fake.setStatus(byWebhook.paymentIntentId, 'succeeded');
      expect(
        (await sendWebhook(t.app, signedEvent('payment_intent.succeeded', { id: byWebhook.paymentIntentId })))
          .statusCode,
      ).toBe(200);

      const receiptOf = (id: string) => fake.charges.get(fake.intents.get(id)?.latest_charge ?? '')?.receipt_url;
      for (const id of [byPage.paymentIntentId, byWebhook.paymentIntentId]) {
        expect(receiptOf(id)).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
        expect((await paymentRow(t.database, id))?.receipt_url).toBe(receiptOf(id));
      }
      const listed = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } })).json()
        .payments as Array<{ paymentIntentId: string; receiptUrl?: string }>;
      expect(listed.map(({ paymentIntentId, receiptUrl }) => ({ paymentIntentId, receiptUrl }))).toEqual([
        { paymentIntentId: byWebhook.paymentIntentId, receiptUrl: receiptOf(byWebhook.paymentIntentId) },
        { paymentIntentId: byPage.paymentIntentId, receiptUrl: receiptOf(byPage.paymentIntentId) },
      ]);
    });

    it('keeps no receipt for a declined payment, and answers none', async () => {
      const { token } = await register(t.app);
      const declined = await createIntent(t.app, token, 'Starter');
      fake.setStatus(declined.paymentIntentId, 'requires_payment_method', 'Your card was declined.');
      expect((await addCredit(t.app, token, declined.paymentIntentId)).statusCode).toBe(409);
      expect((await paymentRow(t.database, declined.paymentIntentId))?.receipt_url).toBeNull();
      const [listed] = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } })).json()
        .payments as Array<Record<string, unknown>>;
      expect(listed).toMatchObject({ status: 'failed' });
      expect(listed).not.toHaveProperty('receiptUrl');
    });

    it('tells the page Stripe is active, with the publishable key and test mode, and no local confirm route', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(response.json()).toEqual({ provider: 'stripe', testMode: true, publishableKey: 'pk_test_lumigen' });
      expect(response.body).not.toContain('sk_test');
      const { token } = await register(t.app);
      const confirm = await post(t.app, '/api/payments/local/confirm', token, {
        paymentIntentId: 'pi_1',
        cardNumber: '4242424242424242',
        expMonth: 1,
        expYear: 2040,
        cvc: '123',
      });
      expect(confirm.statusCode).toBe(404);
    });

    it('lets Stripe.js load and talk to Stripe under the Content-Security-Policy', async () => {
      const csp = String((await t.app.inject({ method: 'GET', url: '/checkout' })).headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    });
  });
});
