import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createImageStores } from './modules/images/index.ts';
import { createMetrics, startMetricsServer } from './modules/metrics/index.ts';
import { runtimeLine } from './runtime.ts';
import type { GenerationProvider } from './modules/generation/index.ts';
import type { ToolProvider } from './modules/tools/index.ts';
import { createPaidWork } from './paid-work.ts';
import { makePrivateDir } from './lib/private-dir.ts';

export type WorkerOptions = {
  config: Config;
  log: FastifyBaseLogger;
  /** Replace the providers chosen from config (the fault tests' blocking provider). */
  generationProvider?: GenerationProvider;
  toolProvider?: ToolProvider;
};

/**
 * A worker process (`npm run worker`): no HTTP server, only the job queue on the shared
 * PostgreSQL, running `WORKER_CONCURRENCY` jobs at a time with the configured providers. PGlite
 * is one process's database, so there the jobs run inside `npm start` instead.
 */
export async function startWorker({ config, log, generationProvider, toolProvider }: WorkerOptions) {
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process, where `npm start` runs the jobs itself',
    );
  }
  // With file storage the worker writes images into DATA_DIR: kept private as the server keeps it.
  await makePrivateDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    onIdleError: (error) => log.warn({ err: error }, 'idle database connection lost'),
  });
  // Job inputs and results through the same stores as the web instances: an S3 bucket lets the
  // worker run on another machine; files mean it shares DATA_DIR with them.
  log.info({ node: process.version }, runtimeLine());
  const stores = await createImageStores(config.storage);
  const metrics = createMetrics();
  const paidWork = createPaidWork({ config, database, stores, log, metrics, generationProvider, toolProvider });
  await paidWork.generation.verifyProvider(log);
  await paidWork.start({ workers: config.jobs.concurrency });
  // Its jobs' run times and provider calls are counted here, not by the web instances.
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsServer({
          registry: metrics.registry,
          port: config.metrics.port,
          token: config.metrics.token,
          log,
        });
  log.info(
    {
      concurrency: config.jobs.concurrency,
      generation: paidWork.generation.providerName,
      tools: paidWork.tools.chains ?? paidWork.tools.providerName,
      timeoutSeconds: config.jobs.timeoutSeconds,
    },
    `worker taking jobs, ${config.jobs.concurrency} at a time`,
  );
  return {
    /** Stops taking jobs, lets running ones finish (or hands them back to the queue), closes the database. */
    async stop(): Promise<void> {
      await metricsServer?.close();
      await paidWork.stop();
      await stores.close();
      await database.close();
    },
  };
}
