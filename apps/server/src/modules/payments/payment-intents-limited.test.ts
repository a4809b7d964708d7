import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { createIntent } from '../../test/payment-calls.ts';

/** One user cannot have Lumigen call Stripe, or record payments, without end. */
describe.each(databaseKinds)('create-payment-intent, limited and reused, on %s', (kind) => {
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

  const paymentsOf = async (userId: string) =>
    rows<{ provider_payment_id: string; bundle: string }>(
      t.database.db,
      sql`SELECT provider_payment_id, bundle FROM payments WHERE user_id = ${userId} ORDER BY created_at`,
    );
  const ask = (token: string, bundle: string) =>
    post(t.app, '/api/stripe/create-payment-intent', token, { items: [{ id: bundle }] });

  it('answers the open intent of the same bundle again instead of making another; a paid one is not reused', async () => {
    const { token, user } = await register(t.app);
    const intentsBefore = fake.intents.size;
    const first = await createIntent(t.app, token, 'Popular');
    const again = await createIntent(t.app, token, 'Popular');
    const withKey = await createIntent(t.app, token, 'Popular', 'another-click');
    expect([again.paymentIntentId, withKey.paymentIntentId]).toEqual([first.paymentIntentId, first.paymentIntentId]);
    expect(again.clientSecret).toBe(first.clientSecret);
    const starter = await createIntent(t.app, token, 'Starter');
    expect(starter.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(fake.intents.size - intentsBefore).toBe(2);
    expect((await paymentsOf(user.id)).map((row) => row.bundle)).toEqual(['Popular', 'Starter']);

    // Once paid, the next purchase of the bundle is a new intent.
    fake.setStatus(first.paymentIntentId, 'succeeded');
    expect(
      (await post(t.app, '/api/image/add-credit', token, { paymentIntentId: first.paymentIntentId })).statusCode,
    ).toBe(200);
    const next = await createIntent(t.app, token, 'Popular');
    expect(next.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(await paymentsOf(user.id)).toHaveLength(3);
  });

  it('allows 10 per user per 10 minutes, then 429 with Retry-After and no Stripe call; other users are not affected', async () => {
    const { token, user } = await register(t.app);
    const bundles = ['Starter', 'Popular', 'Premium'];
    for (let i = 0; i < 10; i += 1) expect((await ask(token, bundles[i % 3]!)).statusCode).toBe(200);
    const stripeCalls = fake.requests.length;
    const refused = await ask(token, 'Premium');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
    expect(fake.requests.length).toBe(stripeCalls);
    expect(await paymentsOf(user.id)).toHaveLength(3);

    const other = await register(t.app);
    expect((await ask(other.token, 'Starter')).statusCode).toBe(200);
  });
});
