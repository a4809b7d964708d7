import type { ApiKeyScope } from '@lumigen/contract/api-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiKeyShaped, type ApiKeyCaller, type ApiKeysService } from '../modules/api-keys/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a drop-in call was made with; set by `requireApiKey`, null elsewhere. */
    apiKey: ApiKeyCaller | null;
  }
  interface FastifyInstance {
    /** An onRequest hook: the call needs a live key with `scope` (`ApiKeyRefused` otherwise). */
    requireApiKey(scope: ApiKeyScope): (request: FastifyRequest) => Promise<void>;
    /**
     * An onRequest hook for reading the account's own things (images, jobs, the ledger): the
     * session, or a key with the `read` scope. Handlers then ask `callerId`.
     */
    requireSessionOrReadKey(request: FastifyRequest): Promise<void>;
  }
}

/** Clipdrop's clients send the key in `x-api-key`, OpenAI's as `Authorization: Bearer`; both are read on every drop-in route. */
export function apiKeyFrom(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

/**
 * The one place API keys are checked (decision 027): the drop-in routes need a key, and the reading
 * routes (images, jobs, the ledger) take a key with the `read` scope in place of the session.
 * Everything else (`requireAuth`: the account, its keys, paid work under /api) takes a session
 * token, which a key is not, so a key opens none of it.
 */
export const apiKeyAuthPlugin = fp(async (app: FastifyInstance, { apiKeys }: { apiKeys: ApiKeysService }) => {
  app.decorateRequest('apiKey', null);
  app.decorate('requireApiKey', (scope: ApiKeyScope) => async (request: FastifyRequest) => {
    request.apiKey = await apiKeys.authenticate(apiKeyFrom(request), scope, request.log);
  });
  app.decorate('requireSessionOrReadKey', async (request: FastifyRequest) => {
    const key = apiKeyFrom(request);
    if (key && isApiKeyShaped(key)) request.apiKey = await apiKeys.authenticate(key, 'read', request.log);
    else await app.requireAuth(request);
  });
});
