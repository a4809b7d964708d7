import type { FastifyInstance } from 'fastify';
import type { WebhookDelivery } from './providers/local.ts';
import { webhookPath } from './webhook.routes.ts';

/** The local provider's webhook sender: our own webhook route, in process, signed as Stripe signs. */
export function injectWebhook(app: FastifyInstance): WebhookDelivery {
  return async (payload, signatureHeader) => {
    const response = await app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader },
      payload,
    });
    if (response.statusCode >= 300)
      app.log.warn({ statusCode: response.statusCode }, 'local webhook delivery failed; add-credit will fulfil');
  };
}
