import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp, type BuildOptions } from '../apps/server/src/app.ts';
import { openDatabase, rows, type Database } from '../apps/server/src/db/client.ts';
import { createCreditsService } from '../apps/server/src/modules/credits/credits.service.ts';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import type { GenerationProvider } from '../apps/server/src/modules/generation/providers/provider.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { benchPhoto, photoBody } from './tool-fixture.ts';
import { registerUsers } from './users.ts';

/**
 * Paid work through the job queue (decision 022), in this process: the real app, jobs submitted
 * through `/api/jobs/…` with `app.inject`, and accept-to-done read from the jobs table
 * (`finished_at − created_at`, both stamped by the database), so the figures are the queue's,
 * not the client's.
 */

type Timing = { status: string; ms: number; created: number; finished: number };
export type JobsFigures = {
  kind: DatabaseKind;
  concurrency: string;
  jobs: number;
  jobsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

async function withApp<T>(
  kind: DatabaseKind,
  env: Record<string, string>,
  options: Partial<BuildOptions>,
  use: (app: FastifyInstance, database: Database) => Promise<T>,
): Promise<T> {
  const location = await createDatabaseLocation(kind);
  const config = testConfig(location, { LOG_LEVEL: 'warn', ...env });
  const database = await openDatabase({ url: location.url, dataDir: location.dataDir, poolSize: 20 });
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  try {
    return await use(app, database);
  } finally {
    await app.close();
    await database.close();
    await location.dispose();
  }
}

async function richUsers(app: FastifyInstance, database: Database, count: number) {
  const users = await registerUsers(app, count);
  const credits = createCreditsService(database.db);
  for (const user of users) await credits.grant(user.id, 1_000_000, 'adjustment', `bench-${user.id}`);
  return users;
}

const generate = (app: FastifyInstance, token: string, prompt = 'a lighthouse at dusk') =>
  app.inject({
    method: 'POST',
    url: '/api/jobs/generate',
    headers: { token },
    payload: { prompt, model: 'dall-e-2', size: '512x512', quality: 'standard' },
  });

/** Waits until every job is over; their timings, from the database's own stamps. */
async function settled(database: Database, ids: string[], timeoutMs = 300_000): Promise<Timing[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await rows<{ status: string; created: number; finished: number | null }>(
      database.db,
      sql`SELECT status, extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM finished_at) * 1000 AS finished
          FROM jobs WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    if (found.every((row) => row.finished !== null)) {
      return found.map((row) => ({
        status: row.status,
        created: Number(row.created),
        finished: Number(row.finished),
        ms: Number(row.finished) - Number(row.created),
      }));
    }
    if (Date.now() > deadline) throw new Error('jobs did not finish in time');
    await sleep(100);
  }
}

/**
 * `count` generations from 20 users at once through an instant provider: jobs per second,
 * accept-to-done. `concurrency` is WORKER_CONCURRENCY (unset: the default, one per core).
 */
export async function benchJobsThroughput(kind: DatabaseKind, concurrency?: number, count = 400): Promise<JobsFigures> {
  const fixed = await paintLocally({
    prompt: 'a lighthouse on the coast at dusk',
    size: '512x512',
    quality: 'standard',
    seed: 1,
  });
  const instant: GenerationProvider = { name: 'local', generate: async () => fixed };
  const env: Record<string, string> = concurrency ? { WORKER_CONCURRENCY: String(concurrency) } : {};
  return withApp(kind, env, { generationProvider: instant }, async (app, database) => {
    const users = await richUsers(app, database, 20);
    const perUser = Math.ceil(count / users.length);
    const accepted = await Promise.all(
      users.flatMap((user) => Array.from({ length: perUser }, () => generate(app, user.token))),
    );
    const ids = accepted.filter((r) => r.statusCode === 202).map((r) => r.json().jobId as string);
    const timings = await settled(database, ids);
    const seconds = (Math.max(...timings.map((t) => t.finished)) - Math.min(...timings.map((t) => t.created))) / 1000;
    const ms = timings.map((t) => t.ms);
    return {
      kind,
      concurrency: concurrency ? String(concurrency) : 'one per core',
      jobs: timings.length,
      jobsPerSecond: timings.length / seconds,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      failed: timings.filter((t) => t.status !== 'succeeded').length + (accepted.length - ids.length),
    };
  });
}

export type QueuedEditFigures =
  { threads: number; jobs: number; p50: number; max: number; failed: number } | { threads: number; skipped: string };

/**
 * Local remove-background of the 1024×768 bench photo as jobs, `threads` worker threads and as
 * many jobs at a time: one warm-up (the model loads), then four submitted together by four users.
 */
export async function benchQueuedRemoveBackground(kind: DatabaseKind, threads: number): Promise<QueuedEditFigures> {
  // A different picture for every edit (the photo a shade brighter each time): the same bytes again
  // would be answered from the worker thread's recent cut-outs, not by the model.
  const photo = await benchPhoto();
  const bodies = await Promise.all(
    Array.from({ length: threads + 4 }, async (_, i) =>
      photoBody(
        await sharp(photo)
          .modulate({ brightness: 1 + i / 100 })
          .jpeg({ quality: 98 })
          .toBuffer(),
      ),
    ),
  );
  const env = { TOOLS_PROVIDER: 'local', TOOLS_LOCAL_THREADS: String(threads), WORKER_CONCURRENCY: String(threads) };
  return withApp(kind, env, {}, async (app, database) => {
    const users = await richUsers(app, database, 4);
    const edit = (token: string) => {
      const { body, contentType } = bodies.pop()!;
      return app.inject({
        method: 'POST',
        url: '/api/jobs/tools/remove-background',
        headers: { token, 'content-type': contentType },
        payload: body,
      });
    };
    // One edit per thread first: each thread loads the model on its first edit.
    const warmUp = await Promise.all(users.slice(0, threads).map((user) => edit(user.token)));
    const warm = await settled(
      database,
      warmUp.map((r) => r.json().jobId as string),
    );
    if (warm.some((timing) => timing.status !== 'succeeded')) {
      const [row] = await rows<{ message: string }>(
        database.db,
        sql`SELECT message FROM jobs WHERE id = ${warmUp[0]!.json().jobId}`,
      );
      return { threads, skipped: `remove-background did not run here: ${row?.message ?? 'failed'}` };
    }
    const accepted = await Promise.all(users.map((user) => edit(user.token)));
    const timings = await settled(
      database,
      accepted.map((r) => r.json().jobId as string),
    );
    const ms = timings.map((t) => t.ms);
    return {
      threads,
      jobs: timings.length,
      p50: percentile(ms, 50),
      max: Math.max(...ms),
      failed: timings.filter((t) => t.status !== 'succeeded').length,
    };
  });
}

export type FairnessFigures = {
  providerMs: number;
  busyJobs: number;
  singleJobMs: number;
  busyLastMs: number;
  busyMedianMs: number;
};

/**
 * One user submits 12 generations (each takes the provider `providerMs`), then another user
 * submits one: how long the single job waits while the 12 run, against the busy user's own.
 */
export async function benchFairness(kind: DatabaseKind, providerMs = 250): Promise<FairnessFigures> {
  // The size every submission asks for: a provider answering another size is refused as unusable.
  const fixed = await paintLocally({
    prompt: 'a lighthouse on the coast at dusk',
    size: '512x512',
    quality: 'standard',
    seed: 1,
  });
  const slow: GenerationProvider = { name: 'local', generate: async () => (await sleep(providerMs), fixed) };
  return withApp(kind, { WORKER_CONCURRENCY: '2' }, { generationProvider: slow }, async (app, database) => {
    const [busy, single] = await richUsers(app, database, 2);
    const busyIds = [];
    for (let i = 0; i < 12; i += 1) busyIds.push((await generate(app, busy!.token)).json().jobId as string);
    await sleep(providerMs / 2);
    const singleId = (await generate(app, single!.token)).json().jobId as string;
    const [singleTiming] = await settled(database, [singleId]);
    const busyTimings = await settled(database, busyIds);
    const busyMs = busyTimings.map((t) => t.ms);
    return {
      providerMs,
      busyJobs: busyIds.length,
      singleJobMs: singleTiming!.ms,
      busyLastMs: Math.max(...busyMs),
      busyMedianMs: percentile(busyMs, 50),
    };
  });
}
