import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('payment configuration', () => {
  it('defaults to the local test-mode provider', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'local', webhookSecret: undefined });
  });

  it('chooses Stripe when its secret key is set', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(config.payments).toEqual({ provider: 'stripe', secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: 'whsec_x', apiBase: undefined });
  });

  it('refuses to start with Stripe chosen but a key missing, naming every missing key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY: required when payments go through Stripe/);
  });

  it('reads the empty values of a copied .env.example as unset', () => {
    const empty = { PAYMENT_PROVIDER: '', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '' };
    expect(loadConfig(empty).payments).toEqual({ provider: 'local', webhookSecret: undefined });
  });

  it('keeps the local provider when asked, even with Stripe keys present', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk_test_x' }).payments.provider).toBe('local');
  });
});
