import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { signedEvent } from '../../test/fake-stripe.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { addCredit, createIntent, paymentRow, purchaseRows, sendWebhook } from '../../test/payment-calls.ts';

const visa = '4242 4242 4242 4242';

/** The default, key-less set-up: the local test-mode provider, its webhook secret made per process. */
describe.each(databaseKinds)('checkout with the local test-mode provider on %s', (kind) => {
  let t: TestContext;
  const logs: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    t = await startTestApp(kind, { LOG_LEVEL: 'info' }, { logger: { stream } });
  });
  afterAll(() => t.close());

  const confirm = (
    token: string,
    paymentIntentId: string,
    cardNumber: string,
    overrides: Record<string, unknown> = {},
  ) =>
    post(t.app, '/api/payments/local/confirm', token, {
      paymentIntentId,
      cardNumber,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      ...overrides,
    });

  const balanceOf = async (token: string) =>
    (await post(t.app, '/api/image/get-credit', token)).json().creditBalance as number;

  it('says test mode to the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'local', testMode: true, publishableKey: null });
    // No third-party script is allowed on the pages while nothing needs one.
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain('stripe');
  });

  it('4242… pays Popular: the signed webhook grants 35 credits once (5 → 40), ledger equal to balance', async () => {
    const { token, user } = await register(t.app);
    const intent = await createIntent(t.app, token, 'Popular');
    expect(intent).toMatchObject({ amount: 2000, credits: 35, bundle: 'Popular' });
    expect(intent.paymentIntentId).toMatch(/^pi_local_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentIntentId}_secret_`));

    const response = await confirm(token, intent.paymentIntentId, visa);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Payment successful',
      paymentIntentId: intent.paymentIntentId,
      status: 'succeeded',
    });
    // Granted by the webhook before confirm answered: the checkout's add-credit finds it done.
    expect(await balanceOf(token)).toBe(40);
    expect(await paymentRow(t.database, intent.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      credited: true,
      receipt_url: null,
    });
    // Test mode sends no card receipt: the purchase's answer has none to link to.
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { token } })).json()
      .payments as Array<Record<string, unknown>>;
    expect(listed).toMatchObject({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });
    expect(listed).not.toHaveProperty('receiptUrl');

    expect((await confirm(token, intent.paymentIntentId, visa)).statusCode).toBe(200);
    const add = await addCredit(t.app, token, intent.paymentIntentId, 35);
    expect(add.json()).toEqual({ success: true, message: 'Payment successful', creditBalance: 40 });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
    expect(await purchaseRows(t.database, intent.paymentIntentId)).toEqual([{ user_id: user.id, delta: 35 }]);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.', 'failed'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.', 'failed'],
    ['4000 0000 0000 0069', 'Your card has expired.', 'failed'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect.", 'failed'],
    ['4242 4242 4242 4241', 'Your card number is invalid.', 'pending'],
  ])('%s is refused with 402 “%s”; the payment is %s and the balance stays', async (number, message, status) => {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Popular');
    const response = await confirm(token, paymentIntentId, number);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status, credited: false });
    expect((await addCredit(t.app, token, paymentIntentId)).statusCode).toBe(409);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it.each([
    ['a past expiry', { expMonth: 1, expYear: 2020 }, "Your card's expiration date is in the past."],
    ['a bad CVC', { cvc: '1' }, "Your card's security code is incomplete."],
  ])('refuses %s with its own message', async (_label, overrides, message) => {
    const { token } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Starter');
    const response = await confirm(token, paymentIntentId, visa, overrides);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await balanceOf(token)).toBe(5);
  });

  it('a declined card, then 4242 on the same intent: paid once', async () => {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Starter');
    expect((await confirm(token, paymentIntentId, '4000000000000002')).statusCode).toBe(402);
    expect((await confirm(token, paymentIntentId, visa)).statusCode).toBe(200);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 10, ledgerSum: 10, ledgerRows: 2 });
  });

  it('two Pay now clicks at once pay and grant once', async () => {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Premium');
    const responses = await Promise.all([confirm(token, paymentIntentId, visa), confirm(token, paymentIntentId, visa)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 105, ledgerSum: 105, ledgerRows: 2 });
  });

  it('a double click on create-payment-intent with the same key makes one intent', async () => {
    const { token, user } = await register(t.app);
    const [a, b] = await Promise.all([
      createIntent(t.app, token, 'Popular', 'attempt-0001'),
      createIntent(t.app, token, 'Popular', 'attempt-0001'),
    ]);
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
    const [stored] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM local_payment_intents WHERE metadata->>'userId' = ${user.id}`,
    );
    expect(stored?.n).toBe(1);
  });

  it('refuses to confirm another user’s intent (403) or an unknown one (404)', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, owner.token, 'Popular');
    const stolen = await confirm(other.token, paymentIntentId, visa);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({ success: false, message: 'This payment belongs to another account' });
    expect((await confirm(other.token, 'pi_local_nothing', visa)).statusCode).toBe(404);
    expect(await balanceOf(owner.token)).toBe(5);
    expect(await paymentRow(t.database, paymentIntentId)).toMatchObject({ status: 'pending' });
    expect(
      (
        await post(t.app, '/api/payments/local/confirm', undefined, {
          paymentIntentId,
          cardNumber: visa,
          expMonth: 1,
          expYear: 2099,
          cvc: '123',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses webhooks not signed with this process’s local secret', async () => {
    const { token, user } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Premium');
    for (const secret of ['whsec_test_lumigen', '']) {
      const response = await sendWebhook(
        t.app,
        signedEvent('payment_intent.succeeded', { id: paymentIntentId }, secret),
      );
      expect(response.statusCode).toBe(400);
    }
    expect((await ledgerState(t.database, user.id)).balance).toBe(5);
  });

  it('never logs card numbers or CVCs', async () => {
    const { token } = await register(t.app);
    const { paymentIntentId } = await createIntent(t.app, token, 'Starter');
    await confirm(token, paymentIntentId, '4000000000009995', { cvc: '987' });
    await confirm(token, paymentIntentId, '4242424242424242', { cvc: '987' });
    const all = logs.join('');
    expect(all).toContain('local card refused');
    // A CVC's three digits turn up in timestamps; no field carrying it may appear instead.
    for (const secret of ['4242424242424242', '4242 4242', '4000000000009995', '"cvc"', 'cardNumber', 'expMonth'])
      expect(all).not.toContain(secret);
  });
});
