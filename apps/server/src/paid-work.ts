import { toolIds, type ToolId } from '@lumigen/contract/tools';
import type { JobKind } from '@lumigen/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createCreditsService } from './modules/credits/credits.service.ts';
import { createGenerationService } from './modules/generation/generation.service.ts';
import type { GenerationProvider } from './modules/generation/providers/provider.ts';
import { selectGenerationProvider } from './modules/generation/providers/select-provider.ts';
import type { ImageStores } from './modules/images/image-store.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createPaidImages } from './modules/images/paid-image.ts';
import { createJobWatch } from './modules/jobs/job-watch.ts';
import type { JobKindHandler } from './modules/jobs/job-kind.ts';
import { createJobQueue } from './modules/jobs/job-queue.ts';
import { createJobRunner } from './modules/jobs/job-runner.ts';
import { createJobSettlement } from './modules/jobs/job-settlement.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { measuredGenerationProvider, measuredToolProvider } from './modules/metrics/measured-providers.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { ToolProvider } from './modules/tools/providers/provider.ts';
import { selectToolProvider } from './modules/tools/providers/select-provider.ts';
import { createToolsService } from './modules/tools/tools.service.ts';
import { recordProviderAttempts } from './modules/tools/providers/attempts.repository.ts';
import { workPrices } from './modules/tools/providers/local-engines.ts';

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
};

// The queue is asked this often for work this process was not woken for (another instance sent it).
const pollingIntervalSeconds = 0.5;
// Without LISTEN (refused by the database), whoever waits on a job changed in another process hears
// of it within this (one statement for all); with it, at once.
const watchPollMs = 500;

/**
 * Everything paid work needs, for the web app (`app.ts`) and the worker process (`worker.ts`)
 * alike: credits, images, the providers, the job queue, the jobs service and the runner that
 * workers run. `start` opens the queue and, with `workers > 0`, runs that many jobs at a time here.
 */
export function createPaidWork({ config, database, stores, log, metrics, generationProvider, toolProvider }: PaidWorkOptions) {
  // libvips keeps recent operations and their pixels (up to 50 MB and 20 open files) for a caller
  // who asks the same again; every picture here is new, so the cache only held memory: 20 edits
  // of 10 MB pictures peaked at 351–383 MB without it, 391–428 MB with it (docs/decisions/043).
  sharp.cache(false);
  const { db } = database;
  const credits = createCreditsService(db, metrics.credits, { unusableRefundsPerDay: config.unusableRefundsPerDay, publicOrigin: config.publicOrigin });
  const images = createImagesService(db, stores.images);
  const paidImages = createPaidImages({ db, credits, images });
  // Measured here, the one place every provider (configured or a test's) is handed to paid work.
  const painter = measuredGenerationProvider(generationProvider ?? selectGenerationProvider(config.generation), metrics.providers);
  const chain = toolProvider ?? selectToolProvider(config.tools, { metrics: metrics.providers, log });
  const chains = (chain as Partial<ReturnType<typeof selectToolProvider>>).chains;
  const editor = measuredToolProvider(chain, metrics.providers);
  // Each kind's providers in the order they are tried (a test's one provider stands alone).
  const prices = workPrices((kind) => (kind === 'generation' ? [painter.name] : (chains?.[kind] ?? [editor.name])), config.localPreviewCredits);
  const generation = createGenerationService({ provider: painter, cost: prices.generation.credits });
  const tools = createToolsService({ provider: editor, chains, recordAttempts: (jobId, attempts) => recordProviderAttempts(db, jobId, attempts) });
  const inputs = stores.inputs;
  const queue = createJobQueue(database, { timeoutSeconds: config.jobs.timeoutSeconds, pollingIntervalSeconds, maxRunningPerUser: config.jobs.maxRunningPerUser }, log);
  const watch = createJobWatch({ db, pollMs: watchPollMs, backstopMs: config.jobs.watchBackstopSeconds * 1000, listen: database.listen, log });
  const settlement = createJobSettlement({ db, paidImages, queue, inputs, watch, maxRunningPerUser: config.jobs.maxRunningPerUser, metrics: metrics.jobs, log });
  const toolKinds = Object.fromEntries(toolIds.map((tool) => [tool, tools.job(tool, prices[tool].credits)])) as Record<ToolId, JobKindHandler>;
  const kinds: Record<JobKind, JobKindHandler> = { generation: generation.job, ...toolKinds };
  const jobs = createJobsService({ db, kinds, paidImages, credits, images, queue, inputs, settlement, watch, limits: config.jobs, metrics: metrics.jobs, log });
  metrics.observe({ database: database.stats, queueDepth: jobs.depth });
  const runner = createJobRunner({ db, kinds, paidImages, settlement, inputs, images, watch, uploadsDir: config.uploadsDir, metrics: metrics.jobs, log, credits });

  return {
    credits,
    images,
    generation,
    tools,
    /** What each kind of work costs here, and which is a local preview. */
    prices,
    jobs,
    async start({ workers }: { workers: number }): Promise<void> {
      await queue.start();
      await watch.listen();
      await queue.settleLost(runner.lost);
      if (workers > 0) await queue.work(workers, runner.run);
    },
    /** Stops taking jobs, lets running ones finish (or hands them back to the queue), frees the providers. */
    async stop(): Promise<void> {
      watch.stop();
      await queue.stop();
      await tools.close();
    },
  };
}

export type PaidWork = ReturnType<typeof createPaidWork>;
