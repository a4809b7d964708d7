import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.ts';

/**
 * Every answer counted and timed by its route's pattern (`/api/jobs/:id`, never the id itself,
 * so the series stay few); answers no route matched (the web app's pages, unknown paths) as
 * `unmatched`.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  // A callback hook, not an async one: it runs for every answer, and a promise each is measurable.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.http.requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
});
