import path from 'node:path';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from './db/client.ts';
import { submitGeneration, waitForJob } from './test/job-calls.ts';
import { countRows, ledgerState, register, startTestApp, type TestContext } from './test/harness.ts';
import { spawnEntry } from './test/spawned-process.ts';

const fakeWorker = path.join(import.meta.dirname, 'test', 'fake-worker.ts');
// Short enough that a killed worker's attempt expires within seconds.
const jobEnv = { JOBS_TIMEOUT_SECONDS: '3', TOOLS_LOCAL_TIMEOUT_SECONDS: '1' };

type Worker = { saw(line: string): Promise<void>; kill(signal: NodeJS.Signals): Promise<number | null> };

/** Starts `test/fake-worker.ts` as its own process against the app's database and data directory. */
function spawnWorker(t: TestContext, behaviour: 'block' | 'instant'): Worker {
  const worker = spawnEntry(fakeWorker, {
    ...jobEnv,
    DATABASE_URL: t.location.url!,
    DATA_DIR: t.location.dataDir,
    FAKE_GENERATION: behaviour,
    WORKER_CONCURRENCY: '1',
  });
  return {
    saw: async (line) => void (await worker.waitFor(new RegExp(`^${line}$`, 'm'))),
    kill: (signal) => worker.kill(signal),
  };
}

// A worker process needs PostgreSQL (PGlite belongs to one process).
describe.runIf(process.env.TEST_DATABASE_URL)('worker processes on PostgreSQL', () => {
  let t: TestContext | undefined;
  const workers: Worker[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.kill('SIGKILL');
    await t?.close();
  });

  const kill9 = (worker: Worker) => worker.kill('SIGKILL');

  it('a worker killed with SIGKILL mid-job: another worker retries the job, which is charged once', async () => {
    // A web-only instance: every job runs in a worker process.
    t = await startTestApp('postgres', { WORKERS_IN_PROCESS: '0', ...jobEnv });
    const { token, user } = await register(t.app);
    const jobId = (await submitGeneration(t.app, token)).json().jobId;

    const first = spawnWorker(t, 'block');
    workers.push(first);
    await first.saw('generating');
    await kill9(first);

    const second = spawnWorker(t, 'instant');
    workers.push(second);
    const job = await waitForJob(t.app, token, jobId, undefined, 90_000);
    expect(job).toMatchObject({ status: 'succeeded', imageId: expect.any(String) });
    const [row] = await rows<{ attempts: number }>(t.database.db, sql`SELECT attempts FROM jobs WHERE id = ${jobId}`);
    expect(row?.attempts).toBe(2);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    expect(await countRows(t.database, 'images')).toBe(1);

    expect(await second.kill('SIGTERM')).toBe(0);
  });

  it('both attempts killed: the job is failed and refunded, never left running', async () => {
    t = await startTestApp('postgres', { WORKERS_IN_PROCESS: '0', ...jobEnv });
    const { token, user } = await register(t.app);
    const jobId = (await submitGeneration(t.app, token)).json().jobId;

    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const worker = spawnWorker(t, 'block');
      workers.push(worker);
      await worker.saw('generating');
      await kill9(worker);
    }
    // No worker is left: the web instance settles what pg-boss gave up on.
    const job = await waitForJob(t.app, token, jobId, undefined, 90_000);
    expect(job).toMatchObject({ status: 'failed', message: messages.job.lost });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    expect(await countRows(t.database, 'images')).toBe(0);
  });
});
