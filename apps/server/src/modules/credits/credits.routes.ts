import {
  getCreditResponse,
  ledgerQuery,
  type CreditResponse,
  type GetCreditResponse,
  type LedgerResponse,
} from '@lumigen/contract/credit-schemas';
import { emptyBody } from '@lumigen/contract/fields';
import { messages } from '@lumigen/contract/messages';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerId } from '../../lib/caller.ts';
import type { CreditsService } from './credits.service.ts';

// get-credit answers on every page of the web app and under the bench's load: its JSON is written
// by a serializer compiled once from the contract's schema (Fastify's own fast-json-stringify), a
// fraction of JSON.stringify's cost. The contract tests still check every answer against the schema.
const serializeGetCredit = fastJson(z.toJSONSchema(getCreditResponse, { target: 'draft-7' }) as Schema);

export async function creditsRoutes(
  app: FastifyInstance,
  {
    credits,
    editPrice,
  }: {
    credits: CreditsService;
    /** The current price of an edit, as the operator set it (docs/decisions/056). */
    editPrice: () => number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reading the ledger also takes an API key with the `read` scope; the rest needs the session.
  r.addHook('onRequest', (request) =>
    request.method === 'GET' ? app.requireSessionOrReadKey(request) : app.requireAuth(request),
  );

  // The balance comes with the session lookup: this answer costs one query.
  r.post(
    '/api/image/get-credit',
    { schema: { body: emptyBody } },
    async (request, reply): Promise<GetCreditResponse> => {
      const { creditBalance, name, email, emailVerified, role } = request.auth;
      // A custom serializer leaves the content type to us.
      reply.type('application/json; charset=utf-8').serializer(serializeGetCredit);
      return { success: true, message: messages.creditLoaded, creditBalance, name, email, emailVerified, role };
    },
  );

  r.get('/api/credits/ledger', { schema: { querystring: ledgerQuery } }, async (request): Promise<LedgerResponse> => {
    const { entries, nextCursor } = await credits.ledger(callerId(request), request.query.cursor, request.query.limit);
    return { success: true, entries, nextCursor };
  });

  // The specification's tool pages call this after an edit (docs/product.md §7), so it charges an edit's price.
  r.post('/api/image/deduct-credit', { schema: { body: emptyBody } }, async (request): Promise<CreditResponse> => {
    const creditBalance = await credits.spend(request.auth.userId, editPrice(), randomUUID());
    return { success: true, message: messages.creditDeducted, creditBalance };
  });
}
