import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { checkAnswers } from '../test/contract-answers.ts';
import { heldToolProvider } from '../test/fake-tool-provider.ts';
import { gatedGenerationProvider } from '../test/gated-generation-provider.ts';
import { catRequest, submitGeneration, submitTool, waitForJob } from '../test/job-calls.ts';
import { post, register, testConfig, uniqueEmail } from '../test/harness.ts';
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from '../test/throwaway-cluster.ts';
import { callTool, imagePart, pngOf } from '../test/tool-calls.ts';

/*
 * Decision 026: PostgreSQL stopped mid-traffic. On a cluster of the test's own (initdb and
 * pg_ctl on a free port, never the shared server), stopped as a crash stops it while paid work is
 * in flight through every route: requests answer 503 in plain words and health says the database
 * is down; when it returns, new requests succeed, the interrupted work ends (charged once with its
 * image, or refunded), and every balance equals its ledger.
 */

const bin = findPostgresBin();
type Route = 'generation via /api/image' | 'generation via /api/jobs' | 'tool via /api/image' | 'tool via /api/jobs';
const routes: Route[] = [
  'generation via /api/image',
  'generation via /api/jobs',
  'tool via /api/image',
  'tool via /api/jobs',
];
const unavailable = { success: false, message: messages.databaseUnavailable };

/** Starts the paid work of `route`: the specification's call answers when it is over, a job's call at once. */
async function start(app: FastifyInstance, token: string, route: Route, photo: Buffer) {
  const image = [imagePart(photo)];
  if (route === 'generation via /api/image') return post(app, '/api/image/generate-image', token, catRequest);
  if (route === 'tool via /api/image') return callTool(app, token, 'remove-background', image);
  return route === 'generation via /api/jobs'
    ? submitGeneration(app, token)
    : submitTool(app, token, 'remove-background', image);
}

async function until(what: string, look: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await look())) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!bin)('PostgreSQL stopped mid-traffic (a throwaway cluster; skipped without initdb)', () => {
  let cluster: ThrowawayCluster;
  let app: FastifyInstance;
  let dataDir: string;
  let photo: Buffer;
  const generation = gatedGenerationProvider();
  const tools = heldToolProvider();
  const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    cluster = await startThrowawayCluster(bin!);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-db-outage-'));
    // Attempts that outlive 4 s are given up and retried: the work the outage interrupted ends soon after.
    const config = testConfig(
      { url: cluster.url, dataDir },
      {
        WORKER_CONCURRENCY: '4',
        JOBS_TIMEOUT_SECONDS: '4',
        TOOLS_LOCAL_TIMEOUT_SECONDS: '2',
        SWEEP_INTERVAL_SECONDS: '1',
      },
    );
    app = checkAnswers(
      await buildApp({ config, logger: false, generationProvider: generation.provider, toolProvider: tools.provider }),
    );
    await app.ready();
    photo = await pngOf(96, 64);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await cluster?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, recovers when it returns, and the interrupted work is charged once or refunded', async () => {
    // Traffic before the outage: served and charged.
    generation.openGate();
    const before = await register(app);
    expect((await post(app, '/api/image/generate-image', before.token, catRequest)).statusCode).toBe(200);

    // Paid work in flight through every route, its providers held, its credit reserved.
    generation.closeGate();
    generation.calls.length = 0;
    tools.hold();
    const users = await Promise.all(routes.map(() => register(app)));
    const inFlight = routes.map((route, i) => start(app, users[i]!.token, route, photo));
    await generation.waitForCalls(2);
    await until('both tools running', async () => tools.calls.length >= 2);
    const accepted = await Promise.all([inFlight[1]!, inFlight[3]!]);
    expect(accepted.map((response) => response.statusCode)).toEqual([202, 202]);

    await cluster.crash();

    // The calls that were waiting for their work: told the database is down, not "something went wrong".
    const waiting = await Promise.all([inFlight[0]!, inFlight[2]!]);
    for (const response of waiting) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
    }
    // New requests, paid or not, and health.
    expect((await post(app, '/api/image/get-credit', before.token)).json()).toEqual(unavailable);
    const refused = [
      await post(app, '/api/image/get-credit', before.token),
      await post(app, '/api/user/login', undefined, { email: before.user.email, password: before.password }),
      await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'Grace', email: uniqueEmail(), password: 'correct horse battery' },
      }),
      ...(await Promise.all(routes.map((route) => start(app, before.token, route, photo)))),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
      expect(response.headers['retry-after']).toBe('5');
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });

    // The providers finish while there is nowhere to record it.
    generation.openGate();
    tools.release();
    await new Promise((resolve) => setTimeout(resolve, 500));

    await cluster.restart();
    await until(
      'health answers 200',
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
    );

    // New work through every route succeeds and is charged once.
    const after = await register(app);
    for (const route of routes) {
      const response = await start(app, after.token, route, photo);
      if (route.endsWith('/api/image')) expect(response.statusCode, route).toBe(200);
      else expect((await waitForJob(app, after.token, response.json().jobId)).status, route).toBe('succeeded');
    }
    expect((await post(app, '/api/image/get-credit', after.token)).json()).toMatchObject({ creditBalance: 1 });

    // The interrupted work ends: each job once, with its image and charged, or refunded.
    await until(
      'every job over',
      async () =>
        (await sql(`SELECT 1 FROM jobs WHERE status NOT IN ('succeeded', 'failed', 'canceled')`)).length === 0,
    );
    for (const { user } of users) {
      const [job] = await sql<{ status: string; image_id: string | null; reservation: string }>(
        `SELECT j.status, j.image_id, r.status AS reservation FROM jobs j JOIN credit_reservations r ON r.id = j.reservation_id WHERE j.user_id = $1`,
        [user.id],
      );
      const [owner] = await sql<{ balance: number }>('SELECT credit_balance AS balance FROM users WHERE id = $1', [
        user.id,
      ]);
      const balance = owner?.balance;
      if (job!.status === 'succeeded') {
        expect(job).toMatchObject({ reservation: 'committed', image_id: expect.any(String) });
        expect(balance).toBe(4);
      } else {
        expect(job).toMatchObject({ status: 'failed', reservation: 'refunded', image_id: null });
        expect(balance).toBe(5);
      }
    }
    expect(await sql(`SELECT id FROM credit_reservations WHERE status = 'pending'`)).toEqual([]);
    const mismatched = await sql(
      `SELECT u.id FROM users u WHERE u.credit_balance <> COALESCE((SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = u.id), 0)`,
    );
    expect(mismatched).toEqual([]);
  });
});
