import { clientKey } from '../../lib/client-key.ts';
import { contactRequest, newsletterRequest, type MarketingResponse } from '@lumigen/contract/marketing';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './marketing.repository.ts';

/** Public forms: stored server-side (docs/architecture.md §4), limited per address against spam. */
export async function marketingRoutes(
  app: FastifyInstance,
  { db, limits }: { db: Db; limits: Config['formsRateLimit'] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = (name: string) =>
    app.limitBy([{ name, max: limits.ipMax, key: (request) => clientKey(request.ip) }], limits.windowMs);

  r.post(
    '/api/contact',
    { schema: { body: contactRequest }, preHandler: perIp('contact:ip') },
    async (request): Promise<MarketingResponse> => {
      await repo.insertContactMessage(db, request.body);
      request.log.info('contact message stored');
      return { success: true, message: messages.contactReceived };
    },
  );

  // The same answer whether or not the address was already subscribed: it reveals nothing.
  r.post(
    '/api/newsletter',
    { schema: { body: newsletterRequest }, preHandler: perIp('newsletter:ip') },
    async (request): Promise<MarketingResponse> => {
      await repo.insertSubscriber(db, request.body.email);
      return { success: true, message: messages.subscribed };
    },
  );
}
