import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { metricsRoutes } from './metrics.routes.ts';

/**
 * METRICS_PORT: /metrics alone on a listener of its own, bound to 127.0.0.1, so only this machine
 * (a local Prometheus agent, or one reached through an SSH tunnel) can read it. The web app's
 * instances and `npm run worker` processes each serve their own.
 */
export async function startMetricsServer({
  registry,
  port,
  token,
  log,
}: {
  registry: Registry;
  port: number;
  token: string | undefined;
  log: FastifyBaseLogger;
}) {
  const server = Fastify({ loggerInstance: log.child({ listener: 'metrics' }) });
  await server.register(errorHandlerPlugin);
  await server.register(metricsRoutes, { registry, token, served: true });
  const address = await server.listen({ port, host: '127.0.0.1' });
  log.info({ address }, `metrics on ${address}/metrics`);
  return { close: () => server.close() };
}
