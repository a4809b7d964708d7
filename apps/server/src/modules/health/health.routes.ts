import type { ProvidersResponse } from '@lumigen/contract/generation';
import type { HealthResponse } from '@lumigen/contract/health';
import type { ToolProviderName } from '@lumigen/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { GenerationService } from '../generation/generation.service.ts';

/** What answers and whether it can: the database, the generation model, the providers in use. */
export async function healthRoutes(
  app: FastifyInstance,
  { ping, generation, toolsProvider }: { ping: () => Promise<boolean>; generation: GenerationService; toolsProvider: ToolProviderName },
) {
  app.get('/api/health', async (_request, reply): Promise<HealthResponse> => {
    const up = await ping();
    reply.code(up ? 200 : 503).header('cache-control', 'no-store');
    return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', generation: generation.state(), uptimeSeconds: Math.round(process.uptime()) };
  });

  // Public: it names which kind of provider answers, nothing about keys or addresses.
  app.get('/api/image/providers', async (): Promise<ProvidersResponse> => {
    return { success: true, generation: generation.providerName, localPreview: generation.providerName === 'local', tools: toolsProvider };
  });
}
