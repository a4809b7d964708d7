import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@lumigen/contract/messages';
import type { JobView } from '@lumigen/contract/jobs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows } from '../db/client.ts';
import { startFakeClipdrop, type FakeClipdrop } from '../test/fake-clipdrop.ts';
import { imagesAnswer, pngBase64, startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { catRequest } from '../test/job-calls.ts';
import { uniqueEmail } from '../test/harness.ts';
import { spawnEntry, type SpawnedProcess } from '../test/spawned-process.ts';
import { imagePart, multipartBody, pngOf } from '../test/tool-calls.ts';

/*
 * Decisions 022 and 025: the server process killed (SIGKILL) while paid work holds a reservation, as
 * `npm start` runs it: PGlite in DATA_DIR, jobs in-process. Its providers (fakes in this process)
 * hold every call, so the kill lands while each route's credit is reserved. The next start retries
 * each job once (the provider is asked again); killed again, the start after that gives every
 * credit back, and the users read why.
 */

const serverEntry = path.join(import.meta.dirname, '..', 'server.ts');
// A killed attempt is given up 12 s after it started, then retried once; the providers' own
// timeouts are shorter (config insists) and longer than the test needs to kill the process.
const timeouts = {
  JOBS_TIMEOUT_SECONDS: '12',
  OPENAI_TIMEOUT_SECONDS: '10',
  OPENAI_MAX_RETRIES: '0',
  CLIPDROP_TIMEOUT_SECONDS: '10',
};
const held = 60_000;

type Route = 'generation via /api/image' | 'generation via /api/jobs' | 'tool via /api/image' | 'tool via /api/jobs';
const routes: Route[] = [
  'generation via /api/image',
  'generation via /api/jobs',
  'tool via /api/image',
  'tool via /api/jobs',
];

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server killed with SIGKILL while credits are reserved (PGlite, jobs in-process)', () => {
  let dataDir: string;
  let openAi: FakeOpenAi;
  let clipdrop: FakeClipdrop;
  let env: Record<string, string>;
  let photo: Buffer;
  const spawned: SpawnedProcess[] = [];

  async function startServer(): Promise<{ process: SpawnedProcess; origin: string }> {
    const started = spawnEntry(serverEntry, env);
    spawned.push(started);
    // The killed process's DATA_DIR lock went with it (decision 048): a restart starts at once.
    const [, origin] = await started.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 120_000);
    return { process: started, origin: origin! };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-crash-'));
    [openAi, clipdrop, photo] = await Promise.all([startFakeOpenAi(), startFakeClipdrop(), pngOf(96, 64)]);
    env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      OPENAI_API_KEY: 'sk-test-crash',
      OPENAI_BASE_URL: openAi.baseUrl,
      CLIPDROP_API_KEY: 'cd-test-crash',
      TOOLS_PROVIDER: 'clipdrop',
      CLIPDROP_BASE_URL: clipdrop.baseUrl,
      ALLOW_TEST_PAYMENTS: 'true',
      WORKER_CONCURRENCY: '4',
      ...timeouts,
    };
  });
  afterAll(async () => {
    await Promise.allSettled(spawned.map((child) => child.kill('SIGKILL')));
    await Promise.allSettled([openAi?.close(), clipdrop?.close()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('retries each held job once at the next start, and refunds every one after a second kill', async () => {
    // Every provider call is held far longer than the test takes to kill the process.
    openAi.answer({ ...imagesAnswer(await pngBase64(256, 256)), delayMs: held });
    clipdrop.answer({ image: 'png', delayMs: held });

    let server = await startServer();
    const api = (
      url: string,
      init: { token?: string; json?: unknown; multipart?: { payload: Buffer; contentType: string } } = {},
    ) =>
      fetch(`${server.origin}${url}`, {
        method: init.json === undefined && !init.multipart ? 'GET' : 'POST',
        headers: {
          ...(init.token ? { token: init.token } : {}),
          ...(init.json !== undefined
            ? { 'content-type': 'application/json' }
            : init.multipart
              ? { 'content-type': init.multipart.contentType }
              : {}),
        },
        ...(init.json !== undefined
          ? { body: JSON.stringify(init.json) }
          : init.multipart
            ? { body: init.multipart.payload as Uint8Array<ArrayBuffer> }
            : {}),
      });
    const users = [];
    for (const route of routes) {
      const answer = await api('/api/user/register', {
        json: { name: route, email: uniqueEmail('crash'), password: 'correct horse battery' },
      });
      expect(answer.status).toBe(201);
      const { token, user } = (await answer.json()) as { token: string; user: { id: string } };
      users.push({ route, token, userId: user.id });
    }
    const upload = await multipartBody([imagePart(photo)]);
    // the specification's calls wait for their image; the killed process never answers them.
    const waiting: Array<Promise<unknown>> = [];
    for (const { route, token } of users) {
      const sent =
        route === 'generation via /api/image'
          ? api('/api/image/generate-image', { token, json: catRequest })
          : route === 'tool via /api/image'
            ? api('/api/image/tools/remove-background', { token, multipart: upload })
            : route === 'generation via /api/jobs'
              ? api('/api/jobs/generate', { token, json: catRequest })
              : api('/api/jobs/tools/remove-background', { token, multipart: upload });
      if (route.endsWith('/api/image'))
        waiting.push(
          sent.then(
            () => 'answered',
            () => 'connection lost',
          ),
        );
      else expect((await sent).status).toBe(202);
    }
    await until('every provider call held', () => openAi.requests.length === 2 && clipdrop.requests.length === 2);
    for (const { token } of users) {
      const credit = await api('/api/image/get-credit', { token, json: {} });
      expect(((await credit.json()) as { creditBalance: number }).creditBalance).toBe(4);
    }

    await server.process.kill('SIGKILL');
    expect(await Promise.all(waiting)).toEqual(['connection lost', 'connection lost']);

    // The next start takes the jobs up again once their attempts expire: each provider asked again.
    openAi.answer({ ...imagesAnswer(await pngBase64(256, 256)), delayMs: held });
    clipdrop.answer({ image: 'png', delayMs: held });
    server = await startServer();
    await until('every job retried', () => openAi.requests.length === 2 && clipdrop.requests.length === 2, 90_000);
    await server.process.kill('SIGKILL');

    // The start after that: no attempt left, so every reservation is refunded, none charged.
    server = await startServer();
    for (const { route, token } of users) {
      let jobs: JobView[] = [];
      await until(
        `${route}: job refunded`,
        async () => {
          const answer = await api('/api/jobs', { token });
          jobs = ((await answer.json()) as { jobs: JobView[] }).jobs;
          return jobs.length === 1 && jobs[0]!.status === 'failed';
        },
        90_000,
      );
      expect(jobs[0]).toMatchObject({ status: 'failed', message: messages.job.lost, imageId: null });
      const credit = await api('/api/image/get-credit', { token, json: {} });
      expect(((await credit.json()) as { creditBalance: number }).creditBalance).toBe(5);
    }
    expect(openAi.requests.length + clipdrop.requests.length).toBe(4);

    expect(await server.process.kill('SIGTERM')).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      for (const { userId } of users) {
        const ledger = await rows<{ reason: string; delta: number; ref: string | null }>(
          database.db,
          sql`SELECT reason, delta, ref FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
        );
        expect(ledger.map((row) => [row.reason, row.delta])).toEqual([
          ['signup_bonus', 5],
          ['reservation', -1],
          ['refund', 1],
        ]);
        expect(ledger[2]?.ref).toBe(ledger[1]?.ref);
      }
      expect(await rows(database.db, sql`SELECT id FROM credit_reservations WHERE status = 'pending'`)).toEqual([]);
      expect(await rows(database.db, sql`SELECT id FROM images`)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 400_000);
});
