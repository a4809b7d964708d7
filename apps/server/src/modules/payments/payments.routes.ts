import { messages } from '@lumigen/contract/messages';
import {
  addCreditRequest,
  createPaymentIntentRequest,
  localConfirmRequest,
  type AddCreditResponse,
  type CreatePaymentIntentResponse,
  type LocalConfirmResponse,
  type PaymentsConfigResponse,
  type PaymentsListResponse,
} from '@lumigen/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentsConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsService } from './payments.service.ts';
import type { LocalProvider } from './providers/local.ts';

/** create-payment-intent per user: this many per window, then 429 with Retry-After. */
export const paymentIntentsPerWindow = 10;
export const paymentIntentWindowMs = 10 * 60_000;

type Options = { payments: PaymentsService; config: PaymentsConfig; local: LocalProvider | undefined };

export async function paymentsRoutes(app: FastifyInstance, { payments, config, local }: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the checkout page needs it before anything else, and it holds no secret.
  const publicConfig: PaymentsConfigResponse =
    config.provider === 'local'
      ? { provider: 'local', testMode: true, publishableKey: null }
      : {
          provider: 'stripe',
          testMode: config.publishableKey.startsWith('pk_test_'),
          publishableKey: config.publishableKey,
        };
  r.get('/api/payments/config', async () => publicConfig);

  // Each intent is a call to Stripe and a payment row: a person needs a few, not a flood that
  // spends the operator's Stripe rate limit.
  const intentLimit = app.limitBy(
    [{ name: 'payment-intent:user', max: paymentIntentsPerWindow, key: (request) => request.auth?.userId }],
    paymentIntentWindowMs,
  );
  r.post(
    '/api/stripe/create-payment-intent',
    { schema: { body: createPaymentIntentRequest }, onRequest: app.requireAuth, preHandler: intentLimit },
    async (request): Promise<CreatePaymentIntentResponse> => {
      const answer = await payments.createIntent(
        { userId: request.auth.userId, email: request.auth.email },
        request.body,
      );
      request.log.info(
        { userId: request.auth.userId, paymentIntentId: answer.paymentIntentId, bundle: answer.bundle },
        'payment intent ready',
      );
      return answer;
    },
  );

  r.post(
    '/api/image/add-credit',
    { schema: { body: addCreditRequest }, onRequest: app.requireAuth },
    async (request): Promise<AddCreditResponse> => {
      const { paymentIntentId, bundulo } = request.body;
      const { balance, credits, granted } = await payments.addCredit(paymentIntentId, request.auth.userId);
      if (bundulo !== undefined && bundulo !== credits) {
        request.log.warn(
          { paymentIntentId, bundulo, credits },
          'add-credit named another credit count; the purchase decides',
        );
      }
      request.log.info(
        { paymentIntentId, granted },
        granted ? 'purchase credited by add-credit' : 'purchase already credited',
      );
      return { success: true, message: messages.paymentSuccessful, creditBalance: balance };
    },
  );

  r.get('/api/payments', { onRequest: app.requireAuth }, async (request): Promise<PaymentsListResponse> => {
    return { success: true, payments: await payments.list(request.auth.userId) };
  });

  if (local) {
    // Stands in for Stripe.js's confirmPayment while the local test-mode provider is active.
    r.post(
      '/api/payments/local/confirm',
      { schema: { body: localConfirmRequest }, onRequest: app.requireAuth },
      async (request): Promise<LocalConfirmResponse> => {
        const { paymentIntentId, ...card } = request.body;
        try {
          await local.confirm(paymentIntentId, request.auth.userId, card);
        } catch (error) {
          // The refusal code only: never the card's number, expiry or CVC.
          if (error instanceof AppError && error.code === 'payment_failed')
            request.log.info({ paymentIntentId, code: error.extra.code }, 'local card refused');
          throw error;
        }
        return { success: true, message: messages.paymentSuccessful, paymentIntentId, status: 'succeeded' };
      },
    );
  }
}
