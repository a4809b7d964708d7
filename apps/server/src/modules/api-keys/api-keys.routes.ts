import {
  apiKeyIdParams,
  createApiKeyRequest,
  type ApiKeysResponse,
  type CreateApiKeyResponse,
  type RevokeApiKeyResponse,
} from '@lumigen/contract/api-key-schemas';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** `/api/keys`: the owner's session makes, lists and revokes keys; a key never opens these. */
export async function apiKeysRoutes(app: FastifyInstance, { apiKeys }: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/keys',
    { schema: { body: createApiKeyRequest }, onRequest: app.requireAuth },
    async (request, reply): Promise<CreateApiKeyResponse> => {
      const { id, key } = await apiKeys.create(request.auth.userId, request.body);
      request.log.info({ apiKeyId: id }, 'API key created');
      reply.code(201);
      return { success: true, id, key };
    },
  );

  r.get('/api/keys', { onRequest: app.requireAuth }, async (request): Promise<ApiKeysResponse> => {
    return { success: true, keys: await apiKeys.list(request.auth.userId) };
  });

  // Another user's key, like a missing or already revoked one, is 404.
  r.delete(
    '/api/keys/:id',
    { schema: { params: apiKeyIdParams }, onRequest: app.requireAuth },
    async (request): Promise<RevokeApiKeyResponse> => {
      if (!(await apiKeys.revoke(request.auth.userId, request.params.id)))
        throw new AppError('not_found', messages.notFound);
      request.log.info({ apiKeyId: request.params.id }, 'API key revoked');
      return { success: true, message: messages.apiKey.revokedDone };
    },
  );
}
