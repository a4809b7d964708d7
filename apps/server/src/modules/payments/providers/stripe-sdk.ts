/**
 * The Stripe SDK, loaded on first use (a webhook to sign or check): some 20 MB of resident memory
 * that an idle instance need not hold (docs/decisions/030-server-runs-built.md).
 */
export const stripeSdk = () => import('stripe').then((module) => module.default);
