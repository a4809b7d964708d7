import { createHash, timingSafeEqual } from 'node:crypto';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError } from '../../lib/app-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal digests, compared in constant time: neither the token's length nor its prefix leaks. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const authorization = request.headers.authorization ?? '';
  const offered = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(digest(offered), digest(token));
}

/**
 * `GET /metrics` in Prometheus' text format (docs/decisions/024). `served: false` answers 404 as
 * any unknown path would, so the main port says nothing when metrics live elsewhere or nowhere.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { registry, token, served }: { registry: Registry; token: string | undefined; served: boolean },
) {
  app.get('/metrics', async (request, reply) => {
    if (!served) throw new AppError('not_found', messages.notFound);
    if (token !== undefined && !bearerMatches(request, token)) {
      throw new AppError('unauthorized', messages.metricsTokenRequired, { headers: { 'www-authenticate': 'Bearer' } });
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
