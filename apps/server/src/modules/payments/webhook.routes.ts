import { messages } from '@lumigen/contract/messages';
import type { WebhookResponse } from '@lumigen/contract/payments';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsService } from './payments.service.ts';
import { stripeSdk } from './providers/stripe-sdk.ts';

export const webhookPath = '/api/stripe/webhook';

// Each one re-reads the intent and follows it; every other event type is acknowledged and ignored.
const intentEvents = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
// Money gone back to the card: each re-reads the intent's refunds and disputes and takes the credits back.
const reversalEvents = new Set(['charge.refunded', 'charge.dispute.created']);

/** The payment intent an event is about: the intent itself, or a charge's or dispute's `payment_intent`. */
function intentIdOf(event: Stripe.Event): unknown {
  const object = event.data.object as { id?: unknown; payment_intent?: unknown };
  return intentEvents.has(event.type) ? object.id : object.payment_intent;
}

/**
 * Stripe's way into fulfilment. The signature is checked over the exact bytes received, then
 * only the intent's id is taken from the event: its state is re-read from the provider, so a
 * replayed, reordered or doctored event cannot grant anything the provider does not confirm.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  { payments, webhookSecret }: { payments: PaymentsService; webhookSecret: string },
) {
  // Encapsulated in this plugin: the rest of the API keeps parsing JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(webhookPath, async (request): Promise<WebhookResponse> => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string')
        throw new Error('no body or no Stripe-Signature header');
      event = (await stripeSdk()).webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch (error) {
      // The SDK's first line says why; the rest is advice for developers.
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      request.log.warn({ reason }, 'webhook refused: bad signature');
      throw new AppError('bad_request', messages.invalidWebhookSignature);
    }

    const log = request.log.child({ eventId: event.id, eventType: event.type });
    if (!intentEvents.has(event.type) && !reversalEvents.has(event.type)) {
      log.info('webhook event ignored');
      return { received: true };
    }
    const intentId = intentIdOf(event);
    if (typeof intentId !== 'string' || !intentId.startsWith('pi_')) {
      log.warn('webhook event without a payment intent id; ignored');
      return { received: true };
    }
    try {
      if (reversalEvents.has(event.type)) {
        const { applied } = await payments.reverse(intentId, log);
        log.info({ paymentIntentId: intentId, applied }, 'webhook reversal settled');
      } else {
        const { status, granted } = await payments.settle(intentId);
        log.info(
          { paymentIntentId: intentId, status, granted },
          granted ? 'purchase credited by webhook' : 'webhook settled',
        );
      }
    } catch (error) {
      // Retrying cannot help an intent we never sold or one that disagrees with our record: say 2xx.
      // A provider failure propagates as 502, so Stripe delivers the event again later.
      if (!(error instanceof AppError) || (error.code !== 'not_found' && error.code !== 'conflict')) throw error;
      log.warn(
        { paymentIntentId: intentId, reason: error.message },
        'webhook for a payment we cannot fulfil; nothing granted',
      );
    }
    return { received: true };
  });
}
