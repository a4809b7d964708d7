export { injectWebhook } from './local-webhook-delivery.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { type PaymentsService, createPaymentsService } from './payments.service.ts';
export { selectPaymentProvider } from './providers/select-provider.ts';
export { webhookRoutes } from './webhook.routes.ts';
export { deleteLocalIntentsBefore } from './providers/local.ts';
