import { describe, expect, it } from 'vitest';
import { bundleFeatures, bundles, formatPrice, pricePerImage } from './catalogue.ts';
import { addCreditRequest, createPaymentIntentRequest } from './payments.ts';

describe('catalogue', () => {
  it('sells the three docs/product.md bundles at docs/product.md’s prices, in cents', () => {
    expect(
      bundles.map((b) => [b.name, b.amountCents, formatPrice(b.amountCents), b.currency, b.credits, b.popular]),
    ).toEqual([
      ['Starter', 500, '$5', 'usd', 5, false],
      ['Popular', 2000, '$20', 'usd', 35, true],
      ['Premium', 5000, '$50', 'usd', 100, false],
    ]);
    expect(bundleFeatures(bundles[1]!, 1)).toEqual([
      '35 images',
      'Basic Models',
      'Image editing tools',
      'Full customer support',
    ]);
  });

  it('counts a plan’s images from the current price of one generation', () => {
    expect(bundles.map((bundle) => bundleFeatures(bundle, 2)[0])).toEqual(['2 images', '17 images', '50 images']);
    expect(bundles.map((bundle) => bundleFeatures(bundle, 5)[0])).toEqual(['1 image', '7 images', '20 images']);
    // Free generation: the plan is its credits, never "infinite images".
    expect(bundleFeatures(bundles[0]!, 0)[0]).toBe('5 credits');
    expect(bundles.map((bundle) => pricePerImage(bundle, 2))).toEqual(['$2', '$1.14', '$1']);
  });
});

describe('create-payment-intent request', () => {
  it.each([['Popular'], [[{ id: 'Popular' }]]])('reads the bundle name from items %j', (items) => {
    expect(
      createPaymentIntentRequest.parse({ items, description: 'for a@example.com', userEmail: 'a@example.com' }).items,
    ).toBe('Popular');
  });

  it.each([['Free'], [[{ id: 'Popular' }, { id: 'Premium' }]], [{ id: 'Popular' }], ['popular']])(
    'refuses %j as an unknown bundle',
    (items) => {
      const result = createPaymentIntentRequest.safeParse({ items });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Unknown bundle: choose Starter, Popular or Premium');
    },
  );

  it('refuses a price or credit count sent by the browser', () => {
    const result = createPaymentIntentRequest.safeParse({ items: 'Starter', amount: 1 });
    expect(result.success).toBe(false);
  });
});

describe('add-credit request', () => {
  it('needs a payment intent id; bundulo is optional', () => {
    expect(addCreditRequest.safeParse({ bundulo: 35 }).error?.issues[0]?.message).toBe('Payment intent id is required');
    expect(addCreditRequest.parse({ paymentIntentId: 'pi_123' })).toEqual({ paymentIntentId: 'pi_123' });
    expect(addCreditRequest.safeParse({ paymentIntentId: 'cs_123' }).error?.issues[0]?.message).toBe(
      'Payment intent id is not valid',
    );
  });
});
