import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, rows, type Database } from '../apps/server/src/db/client.ts';
import { createCreditsService } from '../apps/server/src/modules/credits/credits.service.ts';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import { createDeployment, type Deployment } from '../apps/server/src/test/deployment.ts';
import { createDatabaseLocation, type DatabaseLocation } from '../apps/server/src/test/harness.ts';
import { buildServer, builtEntries, builtEnv } from '../apps/server/src/test/built-server.ts';
import { spawnEntry, type SpawnedProcess } from '../apps/server/src/test/spawned-process.ts';
import { defaultAdminUrl, unreachable } from './postgres.ts';
import { imagePart, multipartBody } from '../apps/server/src/test/tool-calls.ts';
import { resetPeak, rssMb } from './process-memory.ts';
import { createTally, type Tally } from './load-tally.ts';
import { visit, type VirtualUser } from './load-visit.ts';

export type LoadFigures = {
  users: number;
  seconds: number;
  /** After the window: the time the users took to see their accepted jobs through. */
  drainSeconds: number;
  registerSeconds: number;
  requests: number;
  requestsPerSecond: number;
  visits: number;
  routes: Array<{ route: string; count: number; p50: number; p99: number; slowest: Array<{ ms: number; at: number }> }>;
  /**
   * Each web instance's own view, from its /metrics: event-loop delay over the run (ms), and its
   * get-credit answers, all and within 100 ms (counted since it started, sign-ups included).
   */
  eventLoop: Record<string, InstanceView>;
  /** The bench's own event-loop delay over the run (ms): the clients share the machine too. */
  clientEventLoop: { p99: number; max: number };
  /** 429s by route: a limit doing its job, not a failure. */
  rateLimited: Record<string, number>;
  /** Every other error, by route and status (or network error). */
  failures: Record<string, number>;
  failureSamples: string[];
  /** The first errors the processes logged meanwhile. */
  loggedErrors: string[];
  peakRssMb: Record<string, number>;
  audit: {
    users: number;
    ledgerRows: number;
    mismatchedBalances: number;
    pendingReservations: number;
    unfinishedJobs: number;
    jobs: Record<string, number>;
    reservations: Record<string, number>;
  };
};

const grantPerUser = 500;
const metricsToken = 'load-bench-metrics-token';

/**
 * An instance's event-loop delay since the last scrape (prom-client resets its histogram on each
 * collection): read once before the run to start afresh, once after for the run.
 */
type InstanceView = { p99: number; max: number; creditAnswers: number; creditWithin100ms: number };
async function eventLoopDelay(origin: string): Promise<InstanceView> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const value = (series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1] ?? Number.NaN,
    );
  // A bucket's labels in whatever order prom-client writes them.
  const credit = (le: string) => {
    const wanted = [`le="${le}"`, 'method="POST"', 'route="/api/image/get-credit"', 'status="200"'];
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('lumigen_http_request_duration_seconds_bucket{') && wanted.every((label) => l.includes(label)),
      );
    return Number(line?.split(' ').at(-1) ?? Number.NaN);
  };
  return {
    p99: Math.round(value('nodejs_eventloop_lag_p99_seconds') * 1000),
    max: Math.round(value('nodejs_eventloop_lag_max_seconds') * 1000),
    creditAnswers: credit('+Inf'),
    creditWithin100ms: credit('0.1'),
  };
}

/**
 * The worker's CPU share below the web instances', as docs/deploy.md runs a worker that shares a
 * machine with them (systemd `Nice=10`): every thread it has, and so every one it starts later.
 */
const workerNice = Number(process.env.BENCH_LOAD_WORKER_NICE ?? 10);
async function renice(pid: number, nice: number) {
  for (const tid of await readdir(`/proc/${pid}/task`)) os.setPriority(Number(tid), nice);
}

/** A 64×64 crop of a local painting: its upscale to 128×128 goes through ESRGAN ×2, a small job. */
async function smallPicture(): Promise<Buffer> {
  const { png } = await paintLocally({
    prompt: 'a lighthouse on a rock at dusk',
    size: '256x256',
    quality: 'standard',
    seed: 3,
  });
  return sharp(png).extract({ left: 96, top: 96, width: 64, height: 64 }).png().toBuffer();
}

/** Signs up `count` users through the instances, a few at a time (argon2 per sign-up), and grants each credit. */
async function signUp(
  deployment: { origins: string[]; database: Database },
  count: number,
  password: string,
): Promise<VirtualUser[]> {
  const credits = createCreditsService(deployment.database.db);
  const users: VirtualUser[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const i = next++;
        const email = `load.${process.pid}.${i}@example.com`;
        const response = await fetch(`${deployment.origins[i % deployment.origins.length]}/api/user/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Load ${i}`, email, password }),
        });
        if (response.status !== 201) throw new Error(`sign-up ${i}: ${response.status} ${await response.text()}`);
        const { user } = (await response.json()) as { user: { id: string } };
        // An operator's grant through the credits module, so 402s do not dominate the run.
        await credits.grant(user.id, grantPerUser, 'adjustment', `load-bench-${user.id}`);
        users.push({ index: i, email, password });
      }
    }),
  );
  return users;
}

async function audit(database: Database): Promise<LoadFigures['audit']> {
  const count = async (statement: ReturnType<typeof sql>) =>
    (await rows<{ n: number }>(database.db, statement))[0]?.n ?? 0;
  const grouped = async (statement: ReturnType<typeof sql>) =>
    Object.fromEntries(
      (await rows<{ status: string; n: number }>(database.db, statement)).map(({ status, n }) => [status, n]),
    );
  return {
    users: await count(sql`SELECT count(*)::int AS n FROM users`),
    ledgerRows: await count(sql`SELECT count(*)::int AS n FROM credit_ledger`),
    mismatchedBalances: await count(
      sql`SELECT count(*)::int AS n FROM users u WHERE u.credit_balance <> COALESCE((SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = u.id), 0)`,
    ),
    pendingReservations: await count(sql`SELECT count(*)::int AS n FROM credit_reservations WHERE status = 'pending'`),
    unfinishedJobs: await count(sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running')`),
    jobs: await grouped(
      sql`SELECT kind || ' ' || status AS status, count(*)::int AS n FROM jobs GROUP BY 1 ORDER BY 1`,
    ),
    reservations: await grouped(sql`SELECT status, count(*)::int AS n FROM credit_reservations GROUP BY 1 ORDER BY 1`),
  };
}

/** The first few errors each process logs (pino level 50 and up), so a 500 in the figures says why. */
function collectLoggedErrors(processes: Record<string, SpawnedProcess>, keep = 6): string[] {
  const errors: string[] = [];
  for (const [name, spawned] of Object.entries(processes)) {
    createInterface({ input: spawned.child.stdout! }).on('line', (line) => {
      // pino writes the level first: parsing every request's line would load the clients' event loop.
      if (errors.length >= keep || !/^\{"level":[5-9]\d/.test(line)) return;
      let entry: { level?: number; msg?: string; err?: { type?: string; message?: string } };
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if ((entry.level ?? 0) >= 50)
        errors.push(
          `${name}: ${entry.msg ?? ''}${entry.err ? ` — ${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}` : ''}`.slice(
            0,
            400,
          ),
        );
    });
  }
  return errors;
}

/** Samples each process's resident memory until stopped; the peak also counts VmHWM read at the end. */
function watchMemory(pids: Record<string, number>) {
  const peaks: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = async (field: 'VmRSS' | 'VmHWM') => {
    for (const [name, pid] of Object.entries(pids))
      peaks[name] = Math.max(peaks[name]!, await rssMb(pid, field).catch(() => 0));
  };
  const timer = setInterval(() => void sample('VmRSS'), 250);
  return {
    async stop() {
      clearInterval(timer);
      await sample('VmHWM');
      return Object.fromEntries(Object.entries(peaks).map(([name, mb]) => [name, Math.round(mb)]));
    },
  };
}

/**
 * The mixed load: `users` virtual users for `seconds` against two web-only instances and one
 * worker (local generator and local tools) on a fresh PostgreSQL database and an S3 server, each
 * a process of its own. Each user repeats a visit (load-visit.ts) until the window closes, then
 * sees its accepted jobs through; the ledger is audited afterwards.
 */
export async function benchLoad({
  seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60),
  users = Number(process.env.BENCH_LOAD_USERS ?? 200),
} = {}): Promise<LoadFigures | { skipped: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? defaultAdminUrl;
  const why = await unreachable(adminUrl);
  if (why) return { skipped: why };

  let location: DatabaseLocation | undefined;
  let s3: SpawnedProcess | undefined;
  let deployment: Deployment | undefined;
  let database: Database | undefined;
  const root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-bench-load-'));
  try {
    buildServer();
    location = await createDatabaseLocation('postgres', adminUrl);
    s3 = spawnEntry(path.join(import.meta.dirname, 's3-process.ts'), {});
    const s3Env = JSON.parse((await s3.waitFor(/^(\{.*\})$/m))[1]!) as Record<string, string>;
    deployment = createDeployment(
      root,
      {
        ...builtEnv,
        DATABASE_URL: location.url!,
        ...s3Env,
        GENERATION_PROVIDER: 'local',
        TOOLS_PROVIDER: 'local',
        WORKER_CONCURRENCY: '2',
        // Every virtual user comes from 127.0.0.1: per-IP limits (sign-up, paid work) would stop them,
        // which is not what is measured. Per-user limits stay as configured.
        AUTH_RATE_LIMIT_IP_MAX: '1000000',
        AUTH_RATE_LIMIT_EMAIL_MAX: '1000000',
        PAID_RATE_LIMIT_IP_MAX: '1000000',
        // Info, as in production: each request is logged, and that is part of its cost.
        LOG_LEVEL: 'info',
        // As docs/deploy.md sizes a web instance's pool: 10 queued a burst's statements (decision 031).
        DATABASE_POOL_SIZE: '20',
        METRICS_TOKEN: metricsToken,
        WEB_DIST_DIR: path.join(root, 'no-web-build'),
      },
      // Only the tail of each process's log is kept: 60 s of request logs would be the bench's memory.
      { keepOutputChars: 64 * 1024 },
      // What operators run: the built server and worker (npm start, npm run worker).
      builtEntries,
    );
    const [a, b, worker] = await Promise.all([
      deployment.startInstance('a'),
      deployment.startInstance('b'),
      deployment.startWorker(),
    ]);
    if (workerNice) await renice(worker.child.pid!, workerNice);
    database = await openDatabase({ url: location.url, dataDir: null });
    const origins = [a.origin, b.origin];

    const registerStart = performance.now();
    const password = 'load bench password';
    const accounts = await signUp({ origins, database }, users, password);
    const registerSeconds = (performance.now() - registerStart) / 1000;
    const picture = await smallPicture();
    const upload = await multipartBody([imagePart(picture), ['target_width', '128'], ['target_height', '128']]);

    const pids = {
      'web A': a.process.child.pid!,
      'web B': b.process.child.pid!,
      worker: worker.child.pid!,
      's3 server': s3.child.pid!,
    };
    // Start-up and the sign-ups set peaks of their own: count from the run.
    for (const pid of Object.values(pids)) await resetPeak(pid);
    for (const origin of origins) await eventLoopDelay(origin);
    const memory = watchMemory(pids);
    const loggedErrors = collectLoggedErrors({ 'web A': a.process, 'web B': b.process, worker });
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const tally: Tally = createTally();
    const start = performance.now();
    const until = Date.now() + seconds * 1000;
    let visits = 0;
    await Promise.all(
      accounts.map(async (account) => {
        // Users arrive over the first second rather than in one instant.
        await sleep(Math.random() * 1000);
        while (Date.now() < until) {
          if (await visit({ account, origins, tally, until, upload })) visits += 1;
          // A failed visit starts again after a pause, as a person would, not in a tight loop.
          else await sleep(500);
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    const peakRssMb = await memory.stop();
    clientDelay.disable();
    const clientEventLoop = {
      p99: Math.round(clientDelay.percentile(99) / 1e6),
      max: Math.round(clientDelay.max / 1e6),
    };
    const eventLoop = { 'web A': await eventLoopDelay(a.origin), 'web B': await eventLoopDelay(b.origin) };

    // A job whose watcher gave up may still be running: its reservation is rightly pending till it ends.
    const settleDeadline = Date.now() + 120_000;
    while ((await audit(database)).unfinishedJobs > 0 && Date.now() < settleDeadline) await sleep(500);

    return {
      users,
      seconds,
      drainSeconds: Math.max(0, elapsed - seconds),
      registerSeconds,
      requests: tally.requests(),
      requestsPerSecond: tally.requests() / elapsed,
      visits,
      routes: tally.routes(),
      rateLimited: tally.rateLimited,
      failures: tally.failures,
      failureSamples: tally.samples,
      loggedErrors,
      peakRssMb,
      eventLoop,
      clientEventLoop,
      audit: await audit(database),
    };
  } finally {
    await deployment?.stop();
    await database?.close();
    await s3?.kill('SIGTERM');
    await location?.dispose();
    await rm(root, { recursive: true, force: true });
  }
}

/** The figures as printed, each beside its budget (docs/bench.md). */
export function loadLines(f: LoadFigures | { skipped: string }): string[] {
  if ('skipped' in f) return [`skipped: ${f.skipped}`];
  const failures = Object.values(f.failures).reduce((sum, n) => sum + n, 0);
  const limited = Object.values(f.rateLimited).reduce((sum, n) => sum + n, 0);
  const credit = f.routes.find((route) => route.route === 'POST /api/image/get-credit');
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([key, n]) => `${key} ${n}`)
      .join(', ') || 'none';
  const a = f.audit;
  return [
    `${f.users} users signed up in ${f.registerSeconds.toFixed(0)} s (not counted below), each granted ${grantPerUser} credits`,
    `${f.requests} requests in ${(f.seconds + f.drainSeconds).toFixed(0)} s (${f.seconds} s window + ${f.drainSeconds.toFixed(0)} s seeing accepted jobs through): ${f.requestsPerSecond.toFixed(0)} req/s, ${f.visits} whole visits`,
    ...f.routes.map(
      (r) =>
        `  ${r.route.padEnd(52)} ${String(r.count).padStart(6)}   p50 ${String(r.p50).padStart(6)} ms   p99 ${String(r.p99).padStart(6)} ms`,
    ),
    `p99 get-credit ${credit ? `${credit.p99} ms` : 'not measured'} (budget < 100 ms)`,
    ...(credit
      ? [`  its slowest 1%: ${credit.slowest.map((call) => `${call.ms} ms at ${call.at.toFixed(1)} s`).join(', ')}`]
      : []),
    `event-loop delay over the run: ${Object.entries(f.eventLoop)
      .map(([name, d]) => `${name} p99 ${d.p99} ms, max ${d.max} ms`)
      .join('; ')}; the bench's own (its clients) p99 ${f.clientEventLoop.p99} ms, max ${f.clientEventLoop.max} ms`,
    `get-credit as the instances timed it: ${Object.entries(f.eventLoop)
      .map(([name, d]) => `${name} ${d.creditWithin100ms} of ${d.creditAnswers} within 100 ms`)
      .join('; ')}`,
    `unexpected errors: ${failures} (budget 0)${failures ? ` — ${list(f.failures)}` : ''}`,
    ...f.failureSamples.map((sample) => `  e.g. ${sample}`),
    ...f.loggedErrors.map((error) => `  logged by ${error}`),
    `429 (rate limits, by design): ${limited}${limited ? ` — ${list(f.rateLimited)}` : ''}`,
    `peak RSS: ${Object.entries(f.peakRssMb)
      .map(([name, mb]) => `${name} ${mb} MB`)
      .join(', ')}`,
    `ledger audit: ${a.users} users, ${a.ledgerRows} ledger rows, ${a.mismatchedBalances} balances differing from their ledger sum (budget 0), ${a.pendingReservations} reservations pending, ${a.unfinishedJobs} jobs unfinished`,
    `  jobs: ${list(a.jobs)}; reservations: ${list(a.reservations)}`,
  ];
}
