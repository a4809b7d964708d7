import type { JobKind } from '@lumigen/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CreditsService } from '../credits/index.ts';
import type { ImageStores, ImagesService } from '../images/index.ts';
import type { JobMetrics } from '../metrics/index.ts';
import type { JobKindHandler } from './job-kind.ts';
import { createJobQueue } from './job-queue.ts';
import { createJobRunner } from './job-runner.ts';
import { createJobSettlement } from './job-settlement.ts';
import { createJobWatch } from './job-watch.ts';
import { createJobsService } from './jobs.service.ts';
import { createPaidImages } from './paid-image.ts';

export type PaidWorkEngineOptions = {
  database: Database;
  /** Result images, and job inputs waiting for a worker (files under DATA_DIR, or an S3 bucket). */
  stores: ImageStores;
  credits: CreditsService;
  images: ImagesService;
  /** Every kind of paid work, each registered by the module that owns it (generation, the tools). */
  kinds: Record<JobKind, JobKindHandler>;
  jobs: JobsConfig;
  /** Where a worker copies a job's inputs while it runs. */
  uploadsDir: string;
  metrics: JobMetrics;
  log: FastifyBaseLogger;
};

// The queue is asked this often for work this process was not woken for (another instance sent it).
const pollingIntervalSeconds = 0.5;
// Without LISTEN (refused by the database), whoever waits on a job changed in another process hears
// of it within this (one statement for all); with it, at once.
const watchPollMs = 500;

/**
 * Paid work as one engine that knows no kind (docs/architecture.md §2): accepting, reserving,
 * queueing, running, checking usable output, storing, charging, refunding, events, cancelling and
 * sweeping, the same for every kind it is handed. `start` opens the queue and, with `workers > 0`,
 * runs that many jobs at a time here.
 */
export function createPaidWorkEngine({
  database,
  stores,
  credits,
  images,
  kinds,
  jobs: limits,
  uploadsDir,
  metrics,
  log,
}: PaidWorkEngineOptions) {
  const { db } = database;
  const inputs = stores.inputs;
  const paidImages = createPaidImages({ db, credits, images });
  const queue = createJobQueue(
    database,
    { timeoutSeconds: limits.timeoutSeconds, pollingIntervalSeconds, maxRunningPerUser: limits.maxRunningPerUser },
    log,
  );
  const watch = createJobWatch({
    db,
    pollMs: watchPollMs,
    backstopMs: limits.watchBackstopSeconds * 1000,
    listen: database.listen,
    log,
  });
  const settlement = createJobSettlement({
    db,
    paidImages,
    queue,
    inputs,
    watch,
    maxRunningPerUser: limits.maxRunningPerUser,
    metrics,
    log,
  });
  const jobs = createJobsService({
    db,
    kinds,
    paidImages,
    credits,
    images,
    queue,
    inputs,
    settlement,
    watch,
    limits,
    metrics,
    log,
  });
  const runner = createJobRunner({
    db,
    kinds,
    paidImages,
    settlement,
    inputs,
    images,
    watch,
    uploadsDir,
    metrics,
    log,
    credits,
  });

  return {
    jobs,
    async start({ workers }: { workers: number }): Promise<void> {
      await queue.start();
      await watch.listen();
      await queue.settleLost(runner.lost);
      if (workers > 0) await queue.work(workers, runner.run);
    },
    /** Stops taking jobs and lets running ones finish (or hands them back to the queue). */
    async stop(): Promise<void> {
      watch.stop();
      await queue.stop();
    },
  };
}

export type PaidWorkEngine = ReturnType<typeof createPaidWorkEngine>;
