import { toolIds, type ToolId } from '@lumigen/contract/tools';
import { jobKinds, type JobKind } from '@lumigen/contract/jobs';
import { defaultPriceTable, priceActionFor } from '@lumigen/contract/pricing';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createCreditsService } from './modules/credits/index.ts';
import {
  createGenerationService,
  selectGenerationProvider,
  type GenerationProvider,
  type ProviderFailure,
} from './modules/generation/index.ts';
import { createImagesService, type ImageStores } from './modules/images/index.ts';
import { measuredGenerationProvider, measuredToolProvider } from './measured-providers.ts';
import type { Metrics } from './modules/metrics/index.ts';
import { createPaidWorkEngine, type JobKindHandler } from './modules/paid-work/index.ts';
import { createPriceStore } from './modules/prices/index.ts';
import {
  createEditService,
  createToolsService,
  isLocalPreview,
  pricesWith,
  providerAttempts,
  recordProviderAttempts,
  selectEditChain,
  selectToolProvider,
  workPrices,
  type EditChain,
  type ProviderAttempt,
  type ToolProvider,
} from './modules/tools/index.ts';

/** A generation provider's failure in the terms its kept calls use (the tools' outcomes). */
const generationOutcomes: Record<ProviderFailure, ProviderAttempt['outcome']> = {
  content_policy: 'rejected_input',
  misconfigured: 'unavailable',
  timeout: 'timeout',
  failed: 'failed',
};

export type PaidWorkOptions = {
  config: Config;
  database: Database;
  /** Result images, and job inputs waiting for a worker (files under DATA_DIR, or an S3 bucket). */
  stores: ImageStores;
  log: FastifyBaseLogger;
  /** This instance's registry: credits, jobs and provider calls are counted there. */
  metrics: Metrics;
  /** Replaces the provider chosen from config (tests and the bench's fakes). */
  generationProvider?: GenerationProvider | undefined;
  toolProvider?: ToolProvider | undefined;
  /** Replaces the edit providers chosen from config (tests: none, or fakes). */
  editChain?: EditChain | undefined;
};

/**
 * Everything paid work needs, for the web app (`app.ts`) and the worker process (`worker.ts`)
 * alike: credits, images, the providers, and the paid-work engine with every kind registered. `start` opens the queue and, with `workers > 0`, runs that many jobs at a time here.
 */
export function createPaidWork({
  config,
  database,
  stores,
  log,
  metrics,
  generationProvider,
  toolProvider,
  editChain,
}: PaidWorkOptions) {
  // libvips keeps recent operations and their pixels (up to 50 MB and 20 open files) for a caller
  // who asks the same again; every picture here is new, so the cache only held memory: 20 edits
  // of 10 MB pictures peaked at 351–383 MB without it, 391–428 MB with it (docs/decisions/043).
  sharp.cache(false);
  const { db } = database;
  const credits = createCreditsService(db, metrics.credits, {
    unusableRefundsPerDay: config.unusableRefundsPerDay,
    publicOrigin: config.publicOrigin,
  });
  const images = createImagesService(db, stores.images);
  // Measured here, the one place every provider (configured or a test's) is handed to paid work.
  const painter = measuredGenerationProvider(
    generationProvider ?? selectGenerationProvider(config.generation),
    metrics.providers,
  );
  const chain = toolProvider ?? selectToolProvider(config.tools, { metrics: metrics.providers, log });
  const chains = (chain as Partial<ReturnType<typeof selectToolProvider>>).chains;
  const editor = measuredToolProvider(chain, metrics.providers);
  const editing = editChain ?? selectEditChain(config.edit, { metrics: metrics.providers, log });
  // Each kind's providers in the order they are tried (a test's one provider stands alone).
  const chainOf = (kind: JobKind) =>
    kind === 'generation' ? [painter.name] : kind === 'edit' ? editing.providers : (chains?.[kind] ?? [editor.name]);
  // The operator's prices (docs/decisions/056); LOCAL_PREVIEW_CREDITS seeds the preview price.
  const priceStore = createPriceStore({
    db,
    listen: database.listen,
    defaults: defaultPriceTable(config.localPreviewCredits),
    log,
  });
  // Fixed for the process: whether a kind is a preview depends on its configured providers only.
  const preview = Object.fromEntries(jobKinds.map((kind) => [kind, isLocalPreview(kind, chainOf(kind))])) as Record<
    JobKind,
    boolean
  >;
  const priceOf = (kind: JobKind, params: Record<string, unknown>) =>
    priceStore.current()[priceActionFor(kind, params, preview[kind])];
  const providerPrices = pricesWith(config.tools.prices);
  const generation = createGenerationService({
    provider: painter,
    cost: (params) => priceOf('generation', params),
    // Kept beside the tools' calls, so the operator's provider figures count generation too.
    recordCalls: (jobId, calls, failure) =>
      recordProviderAttempts(
        db,
        jobId,
        providerAttempts(painter.name, calls, failure ? generationOutcomes[failure] : 'ok', {
          prices: providerPrices,
          openAiModel: painter.model,
        }),
      ),
  });
  const tools = createToolsService({
    provider: editor,
    chains,
    recordAttempts: (jobId, attempts) => recordProviderAttempts(db, jobId, attempts),
  });
  const edit = createEditService({
    chain: editing,
    cost: () => priceOf('edit', {}),
    recordAttempts: (jobId, attempts) => recordProviderAttempts(db, jobId, attempts),
  });
  // Each kind is registered by the module that owns it; the engine knows none of them.
  const toolKinds = Object.fromEntries(
    toolIds.map((tool) => [tool, tools.job(tool, () => priceOf(tool, {}))]),
  ) as Record<ToolId, JobKindHandler>;
  const kinds: Record<JobKind, JobKindHandler> = { generation: generation.job, edit: edit.job, ...toolKinds };
  const engine = createPaidWorkEngine({
    database,
    stores,
    credits,
    images,
    kinds,
    jobs: config.jobs,
    uploadsDir: config.uploadsDir,
    metrics: metrics.jobs,
    log,
  });
  const { jobs } = engine;
  metrics.observe({ database: database.stats, queueDepth: jobs.depth });

  return {
    credits,
    images,
    generation,
    tools,
    edit,
    /** What each kind of work costs here now, and which is a local preview. */
    prices: () => workPrices(chainOf, priceStore.current()),
    /** The operator's price of each action, as the console lists and changes them. */
    priceStore,
    jobs,
    /** Reads the prices (seeding any missing), then opens the queue and, with `workers > 0`, runs jobs. */
    async start(options: Parameters<typeof engine.start>[0]): Promise<void> {
      await priceStore.start();
      await engine.start(options);
    },
    /** Stops taking jobs, lets running ones finish (or hands them back to the queue), frees the providers. */
    async stop(): Promise<void> {
      await engine.stop();
      await priceStore.stop();
      await tools.close();
    },
  };
}

export type PaidWork = ReturnType<typeof createPaidWork>;
