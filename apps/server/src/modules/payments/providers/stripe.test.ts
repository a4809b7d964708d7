import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { stripeApiVersion } from './provider.ts';
import { createStripeProvider } from './stripe.ts';

describe('the Stripe adapter, through the stripe SDK, against a local Stripe', () => {
  let fake: FakeStripe;
  let provider: ReturnType<typeof createStripeProvider>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({ secretKey: 'sk_test_lumigen', apiBase: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const input = {
    amountCents: 2000,
    currency: 'usd',
    description: 'Lumigen Popular bundle: 35 credits',
    receiptEmail: 'ada@example.com',
    metadata: { userId: 'user-1', bundle: 'Popular', credits: '35' },
  };

  it('creates a payment intent with amount, currency, metadata, the pinned API version and the idempotency key', async () => {
    const intent = await provider.createIntent({ ...input, idempotencyKey: 'lumigen-user-1-Popular-attempt-1' });
    expect(intent).toMatchObject({
      amountCents: 2000,
      currency: 'usd',
      status: 'pending',
      metadata: input.metadata,
      failureMessage: null,
    });
    expect(intent.id).toMatch(/^pi_fake_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers['idempotency-key']).toBe('lumigen-user-1-Popular-attempt-1');
    expect(request?.headers['stripe-version']).toBe(stripeApiVersion);
    expect(request?.headers.authorization).toBe('Bearer sk_test_lumigen');
    expect(request?.form).toMatchObject({
      amount: '2000',
      currency: 'usd',
      receipt_email: 'ada@example.com',
      'metadata[userId]': 'user-1',
      'metadata[bundle]': 'Popular',
      'metadata[credits]': '35',
      'automatic_payment_methods[enabled]': 'true',
    });
  });

  it('answers the same intent for the same idempotency key, and a new one for another key', async () => {
    const first = await provider.createIntent({ ...input, idempotencyKey: 'lumigen-user-1-Popular-attempt-2' });
    const again = await provider.createIntent({ ...input, idempotencyKey: 'lumigen-user-1-Popular-attempt-2' });
    const other = await provider.createIntent({ ...input, idempotencyKey: 'lumigen-user-1-Popular-attempt-3' });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('retrieves an intent and maps Stripe statuses to ours', async () => {
    const { id } = await provider.createIntent({ ...input, idempotencyKey: 'lumigen-user-1-Popular-attempt-4' });
    expect((await provider.retrieveIntent(id))?.status).toBe('pending');
    fake.setStatus(id, 'requires_payment_method', 'Your card was declined.');
    expect(await provider.retrieveIntent(id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    fake.setStatus(id, 'processing');
    expect((await provider.retrieveIntent(id))?.status).toBe('pending');
    fake.setStatus(id, 'succeeded');
    expect(await provider.retrieveIntent(id)).toMatchObject({
      id,
      status: 'succeeded',
      amountCents: 2000,
      metadata: input.metadata,
    });
    fake.setStatus(id, 'canceled');
    expect((await provider.retrieveIntent(id))?.status).toBe('canceled');
    const get = fake.requests.filter((r) => r.method === 'GET');
    expect(get.map((r) => r.path)).toEqual(Array(5).fill(`/v1/payment_intents/${id}`));
  });

  it('reads the card receipt from the latest charge, expanded in the same call, once the payment succeeded', async () => {
    const { id, receiptUrl: atCreation } = await provider.createIntent({
      ...input,
      idempotencyKey: 'lumigen-user-1-Popular-attempt-6',
    });
    expect(atCreation).toBeNull();
    expect((await provider.retrieveIntent(id))?.receiptUrl).toBeNull();
    fake.setStatus(id, 'requires_payment_method', 'Your card was declined.');
    expect(await provider.retrieveIntent(id)).toMatchObject({ status: 'failed', receiptUrl: null });
    fake.setStatus(id, 'succeeded');
    const charge = fake.charges.get(fake.intents.get(id)?.latest_charge ?? '');
    expect(charge?.receipt_url).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    expect(await provider.retrieveIntent(id)).toMatchObject({ status: 'succeeded', receiptUrl: charge?.receipt_url });
    const retrieves = fake.requests.filter((r) => r.method === 'GET');
    expect(retrieves).toHaveLength(3);
    for (const request of retrieves) expect(request.query).toEqual({ 'expand[0]': 'latest_charge' });
  });

  it('answers null for an intent Stripe does not have', async () => {
    expect(await provider.retrieveIntent('pi_missing')).toBeNull();
  });

  it('turns Stripe being down into a provider failure (502), after the SDK’s retries', async () => {
    fake.failNext(3);
    const error = await provider.retrieveIntent('pi_anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'provider_failed', statusCode: 502 });
    expect(fake.requests).toHaveLength(3);
  });

  it('retries a failed create with the same idempotency key, making one intent', async () => {
    fake.failNext(1);
    const intent = await provider.createIntent({ ...input, idempotencyKey: 'lumigen-user-1-Popular-attempt-5' });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts.map((r) => r.headers['idempotency-key'])).toEqual([
      'lumigen-user-1-Popular-attempt-5',
      'lumigen-user-1-Popular-attempt-5',
    ]);
    expect([...fake.intents.values()].filter((i) => i.id === intent.id)).toHaveLength(1);
  });
});
