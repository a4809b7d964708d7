import type { HealthResponse } from '@lumigen/contract/health';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<boolean> }) {
  app.get('/api/health', async (_request, reply): Promise<HealthResponse> => {
    const up = await ping();
    reply.code(up ? 200 : 503).header('cache-control', 'no-store');
    return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', uptimeSeconds: Math.round(process.uptime()) };
  });
}
