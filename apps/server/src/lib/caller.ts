import type { FastifyRequest } from 'fastify';

/**
 * Whose things a reading call is about: the session's user, or the key's owner (`requireAuth`
 * and `requireSessionOrReadKey` set them). A file of its own: the reading routes need only this,
 * not the plugin that checks keys.
 */
export function callerId(request: FastifyRequest): string {
  return request.apiKey?.userId ?? request.auth.userId;
}
