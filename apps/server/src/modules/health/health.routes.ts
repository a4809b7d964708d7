import type { ProvidersResponse, WorkPrice } from '@lumigen/contract/generation';
import type { JobKind } from '@lumigen/contract/jobs';
import type { HealthResponse } from '@lumigen/contract/health';
import type { EditProviderName } from '@lumigen/contract/edit';
import type { ToolId, ToolProviderName } from '@lumigen/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { GenerationService } from '../generation/index.ts';

/** What answers and whether it can: the database, the generation model, the providers in use. */
export async function healthRoutes(
  app: FastifyInstance,
  {
    ping,
    generation,
    toolsProvider,
    toolChains,
    prices,
    edit,
    diskLow,
  }: {
    ping: () => Promise<boolean>;
    generation: GenerationService;
    toolsProvider: ToolProviderName;
    toolChains?: Record<ToolId, ToolProviderName[]> | undefined;
    /** What each kind of work costs now (the operator's prices: docs/decisions/056). */
    prices: () => Record<JobKind, WorkPrice> & { generationHd: WorkPrice; imageCredits: number };
    /** Edit with words: its providers in order (none: unavailable). */
    edit: { providers: EditProviderName[] };
    diskLow: () => Promise<boolean>;
  },
) {
  app.get('/api/health', async (_request, reply): Promise<HealthResponse> => {
    const [up, low] = await Promise.all([ping(), diskLow().catch(() => false)]);
    reply.code(up ? 200 : 503).header('cache-control', 'no-store');
    // A low disk is reported, not a 503: the instance still serves everything but paid uploads.
    return {
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      generation: generation.state(),
      disk: low ? 'low' : 'ok',
      uptimeSeconds: Math.round(process.uptime()),
    };
  });

  // Public: it names which kind of provider answers, nothing about keys or addresses.
  app.get('/api/image/providers', async (): Promise<ProvidersResponse> => {
    const { generation: generationPrice, generationHd, imageCredits, edit: editPrice, ...toolPrices } = prices();
    return {
      success: true,
      generation: generation.providerName,
      localPreview: generation.providerName === 'local',
      tools: toolsProvider,
      ...(toolChains ? { toolChains } : {}),
      prices: { generation: generationPrice, generationHd, imageCredits, tools: toolPrices },
      edit: { available: edit.providers.length > 0, providers: edit.providers, price: editPrice },
    };
  });
}
