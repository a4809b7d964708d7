import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { countRows, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { parseEvents, submitGeneration, waitForJob } from '../../test/job-calls.ts';
import { spawnEntry, type SpawnedProcess } from '../../test/spawned-process.ts';

const fakeWorker = path.join(import.meta.dirname, '..', '..', 'test', 'fake-worker.ts');
const jobEnv = { JOBS_TIMEOUT_SECONDS: '20', TOOLS_LOCAL_TIMEOUT_SECONDS: '1' };

// Worker processes need PostgreSQL (PGlite belongs to one process).
describe.runIf(process.env.TEST_DATABASE_URL)('jobs across processes on PostgreSQL', () => {
  let t: TestContext | undefined;
  const workers: SpawnedProcess[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.kill('SIGKILL');
    await t?.close();
    t = undefined;
  });

  function spawnWorker(env: Record<string, string>): SpawnedProcess {
    const worker = spawnEntry(fakeWorker, {
      ...jobEnv,
      DATABASE_URL: t!.location.url!,
      DATA_DIR: t!.location.dataDir,
      ...env,
    });
    workers.push(worker);
    return worker;
  }

  it("a job's events reach a web instance from the worker process that runs it without polling: its look at watched jobs is an hour apart, and the stream still ends", async () => {
    // Web only, and its backstop look an hour away: nothing but a notification can tell it.
    t = await startTestApp('postgres', { WORKERS_IN_PROCESS: '0', JOBS_WATCH_BACKSTOP_SECONDS: '3600', ...jobEnv });
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await register(t.app);
    const jobId = (await submitGeneration(t.app, token)).json().jobId as string;

    // The web instance listens on its own connection, outside its pool.
    const listening = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "lumigen_jobs"'`,
    );
    expect(listening[0]!.n).toBeGreaterThanOrEqual(1);

    // Following it before any worker exists: the stream waits with the job queued.
    const stream = fetch(`${origin}/api/jobs/${jobId}/events`, {
      headers: { token },
      signal: AbortSignal.timeout(60_000),
    }).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const worker = spawnWorker({ FAKE_GENERATION: 'instant', WORKER_CONCURRENCY: '1' });
    await worker.waitFor(/^generating$/m);

    const events = parseEvents(await stream);
    const told = events.map((event) => event.event).filter((type) => type !== 'position');
    expect(told[0]).toBe('running');
    expect(told.at(-1)).toBe('succeeded');
    expect(new Set(told.slice(1, -1))).toEqual(new Set(['progress']));
    expect(events.at(-1)!.data).toEqual({ imageId: expect.any(String) });
  });

  it('the per-user running limit holds across two worker processes: at most JOBS_MAX_RUNNING_PER_USER of a user run at once, another user is not held up, and each job is charged once', async () => {
    const limits = { JOBS_MAX_RUNNING_PER_USER: '2', JOBS_MAX_QUEUED_PER_USER: '10' };
    t = await startTestApp('postgres', { WORKERS_IN_PROCESS: '0', ...limits, ...jobEnv });
    const busy = await register(t.app);
    const other = await register(t.app);
    const busyJobs: string[] = [];
    for (let i = 0; i < 4; i += 1) busyJobs.push((await submitGeneration(t.app, busy.token)).json().jobId);
    const otherJob = (await submitGeneration(t.app, other.token)).json().jobId as string;

    // Four slots in all, two per process: only the limit can keep the busy user to two. The jobs
    // last long enough that the process ready first cannot take all three that may run at once.
    const env = { FAKE_GENERATION: 'slow', FAKE_GENERATION_MS: '3000', WORKER_CONCURRENCY: '2', ...limits };
    const first = spawnWorker(env);
    const second = spawnWorker(env);
    await Promise.all([first.waitFor(/^ready$/m), second.waitFor(/^ready$/m)]);

    // The jobs table says who runs: sampled until every job is over.
    let most = 0;
    let otherRanAlongside = false;
    for (const deadline = Date.now() + 90_000; ;) {
      const running = await rows<{ user_id: string; n: number }>(
        t.database.db,
        sql`SELECT user_id, count(*)::int AS n FROM jobs WHERE status = 'running' GROUP BY user_id`,
      );
      const busyRunning = running.find((row) => row.user_id === busy.user.id)?.n ?? 0;
      most = Math.max(most, busyRunning);
      if (busyRunning > 0 && running.some((row) => row.user_id === other.user.id)) otherRanAlongside = true;
      const [left] = await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running')`,
      );
      if (left!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${left!.n} jobs unfinished`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(most).toBe(2);
    expect(otherRanAlongside).toBe(true);
    for (const jobId of busyJobs)
      expect(await waitForJob(t.app, busy.token, jobId)).toMatchObject({ status: 'succeeded' });
    expect(await waitForJob(t.app, other.token, otherJob)).toMatchObject({ status: 'succeeded' });
    // Both processes ran some of them.
    expect(first.output()).toMatch(/^generating$/m);
    expect(second.output()).toMatch(/^generating$/m);
    expect(await ledgerState(t.database, busy.user.id)).toEqual({ balance: 1, ledgerSum: 1, ledgerRows: 5 });
    expect(await ledgerState(t.database, other.user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    expect(await countRows(t.database, 'images')).toBe(5);
  });
});
