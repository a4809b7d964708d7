import {
  adminPriceParams,
  adminPriceRequest,
  type AdminPriceResponse,
  type AdminPricesResponse,
} from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { PriceStore } from '../prices/index.ts';
import { auditedChange } from './admin.service.ts';

/**
 * The prices of paid actions (docs/decisions/056), registered inside `adminRoutes` so that its
 * guard holds them: reads for any admin, a change with a recent password confirmation. A change
 * and its audit row are one transaction; this process reads the prices at once after it, the
 * others when the database's notification reaches them.
 */
export function adminPricesRoutes(app: FastifyInstance, { db, prices }: { db: Db; prices: PriceStore }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/prices', async (): Promise<AdminPricesResponse> => ({ success: true, prices: prices.list() }));

  r.put(
    '/api/admin/prices/:action',
    { schema: { params: adminPriceParams, body: adminPriceRequest } },
    async (request): Promise<AdminPriceResponse> => {
      const { action } = request.params;
      const { credits, reason } = request.body;
      const adminId = request.auth.userId;
      const { actionId, value: price } = await auditedChange(
        db,
        'price.set',
        { adminId, targetUserId: null, reason },
        async (tx) => {
          const changed = await prices.set(tx, action, credits, adminId);
          return {
            before: { action, credits: changed.before },
            after: { action, credits: changed.price.credits },
            value: changed.price,
          };
        },
      );
      await prices.refresh();
      request.log.info({ adminId, action, credits, actionId }, 'price changed');
      return { success: true, message: messages.admin.priceSet(price.label, price.credits), actionId, price };
    },
  );
}
