import type { FastifyRequest } from 'fastify';

/**
 * Whose things a reading call is about: the session's user, or the key's owner (`requireAuth`
 * and `requireSessionOrReadKey` set them). A file of its own: the reading routes need only this,
 * not the plugin that checks keys.
 */
export function callerId(request: FastifyRequest): string {
  return request.apiKey?.userId ?? request.auth.userId;
}

/**
 * The credential a request presents, as sent (a session token or an API key, in any header that
 * carries one), before anyone checks it: only ever a key of in-process counts, never trusted.
 */
export function presentedCredential(request: FastifyRequest): string | undefined {
  const { token, authorization, 'x-api-key': apiKey } = request.headers;
  const presented = typeof token === 'string' && token !== '' ? token : (authorization ?? apiKey);
  return typeof presented === 'string' && presented !== '' ? presented : undefined;
}
