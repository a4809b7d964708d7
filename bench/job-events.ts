import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as repo from '../apps/server/src/modules/paid-work/jobs.repository.ts';
import { createDatabaseLocation } from '../apps/server/src/test/harness.ts';
import { buildServer, builtEntries, builtEnv } from '../apps/server/src/test/built-server.ts';
import { spawnEntry } from '../apps/server/src/test/spawned-process.ts';
import { unreachable } from './postgres.ts';

export type JobEventFigures = { events: number; jobs: number; p50: number; p99: number; max: number };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/**
 * The delay from a job's event on a worker to its Server-Sent Events message on another web
 * instance. The web instance is the built server, web only, in a process of its own on PostgreSQL;
 * its client (an `/api/jobs/:id/events` stream) is here. The worker's part is played here too, on
 * a connection of its own: it runs the very statements a worker runs (`startAttempt`, then
 * `setProgress` for every event), so the clock that stamps an event's start and its arrival is one.
 * Each delay runs from just before the worker's statement (its commit included) to the message's
 * arrival; the next event waits for it, 10–40 ms later, so no two are read together.
 */
export async function benchJobEvents(
  adminUrl: string,
  { jobs = 3, eventsPerJob = 80 } = {},
): Promise<JobEventFigures | { skipped: string }> {
  const down = await unreachable(adminUrl);
  if (down) return { skipped: down };
  const location = await createDatabaseLocation('postgres', adminUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-bench-events-'));
  buildServer();
  const server = spawnEntry(
    builtEntries.server,
    {
      ...builtEnv,
      DATABASE_URL: location.url!,
      DATA_DIR: dataDir,
      WORKERS_IN_PROCESS: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    { keepOutputChars: 64 * 1024 },
  );
  const worker = await openDatabase({ url: location.url, dataDir: null, poolSize: 2 });
  const delays: number[] = [];
  try {
    const origin = (await server.waitFor(/listening at (http:\/\/127\.0\.0\.1:\d+)/, 90_000))[1]!;
    const registered = await fetch(`${origin}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench events',
        email: `events.${process.pid}@example.com`,
        password: 'bench password',
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    for (let j = 0; j < jobs; j += 1) {
      // Accepted by the web instance; no worker takes it (none runs), the bench plays the worker.
      const submitted = await fetch(`${origin}/api/jobs/generate`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({
          prompt: 'a lighthouse at dusk',
          model: 'dall-e-2',
          size: '256x256',
          quality: 'standard',
        }),
      });
      const { jobId } = (await submitted.json()) as { jobId: string };
      const abort = new AbortController();
      const response = await fetch(`${origin}/api/jobs/${jobId}/events`, { headers: { token }, signal: abort.signal });
      // Event id → when it arrived.
      const arrived = new Map<number, number>();
      const waiters = new Map<number, () => void>();
      const reading = (async () => {
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body!) {
          const now = performance.now();
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const id = /^id: (\d+)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (id === undefined) continue;
            arrived.set(Number(id), now);
            waiters.get(Number(id))?.();
          }
        }
      })().catch(() => undefined);
      const until = (seq: number) =>
        arrived.has(seq) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(seq, resolve));

      const started = await repo.startAttempt(worker.db, jobId);
      if (!started) throw new Error(`job ${jobId} could not start`);
      await until(started.event_seq);
      for (let i = 0; i < eventsPerJob; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 30));
        const before = performance.now();
        const changed = await repo.setProgress(worker.db, jobId, started.attempts, 11 + (i % 88));
        if (!changed) throw new Error(`job ${jobId}'s progress was not written`);
        await until(changed.event_seq);
        delays.push(arrived.get(changed.event_seq)! - before);
      }
      abort.abort();
      await reading;
    }
  } finally {
    await worker.close();
    await server.kill('SIGTERM');
    await location.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    events: delays.length,
    jobs,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: Math.max(...delays),
  };
}

export function jobEventsLine(f: JobEventFigures | { skipped: string }): string {
  const label = "a job's event on a worker → its SSE message on another web instance (PostgreSQL, LISTEN/NOTIFY)";
  if ('skipped' in f) return `${label}: skipped (${f.skipped})`;
  return `${label}: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms over ${f.events} events of ${f.jobs} jobs (budget p50 ≤ 50 ms, p99 ≤ 250 ms; load average ${os.loadavg()[0]!.toFixed(1)})`;
}
