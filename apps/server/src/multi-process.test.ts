import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { JobView } from '@lumigen/contract/jobs';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from './db/client.ts';
import { createCreditsService } from './modules/credits/index.ts';
import { checkAnswer } from './test/contract-answers.ts';
import { createDeployment, type Deployment } from './test/deployment.ts';
import { startFakeClipdrop, type FakeClipdrop } from './test/fake-clipdrop.ts';
import { imagesAnswer, pngBase64, startFakeOpenAi, type FakeOpenAi } from './test/fake-openai.ts';
import { signedEvent, startFakeStripe, stripeEnv, type FakeStripe } from './test/fake-stripe.ts';
import { createDatabaseLocation, ledgerState, uniqueEmail, type DatabaseLocation } from './test/harness.ts';
import { catRequest, parseEvents, type ParsedEvent } from './test/job-calls.ts';
import { purchaseRows } from './test/payment-calls.ts';
import { startS3Server, type S3TestServer } from './test/s3-server.ts';
import type { SpawnedProcess } from './test/spawned-process.ts';
import { imagePart, multipartBody, pngOf } from './test/tool-calls.ts';

/*
 * The deployment of decision 022, for real: two web-only instances (A and B) and one `npm run worker`
 * process, each a process of its own with its own DATA_DIR, sharing only a fresh PostgreSQL
 * database and an S3-compatible bucket (s3rver). Generations go to a fake OpenAI, edits to a fake
 * Clipdrop and payments to a fake Stripe, all on loopback in this process. What one instance
 * accepts, the other must see, serve and account for exactly once.
 */

// A killed worker's attempt is given up 8 s after it started (pg-boss's expiry), then retried.
// The providers' own timeouts must be shorter (config refuses otherwise).
const jobsEnv = {
  JOBS_TIMEOUT_SECONDS: '8',
  OPENAI_TIMEOUT_SECONDS: '6',
  OPENAI_MAX_RETRIES: '0',
  CLIPDROP_TIMEOUT_SECONDS: '6',
};

/** A web instance, by the address it listens on. */
type Instance = { origin: string };
type Answer = { status: number; json: Record<string, any>; bytes: Buffer };

/** One HTTP call to an instance, its answer checked against the contract as the in-process tests check theirs. */
async function call(
  instance: Instance,
  method: string,
  url: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  // A string or bytes go as they are (a signed webhook, a multipart upload), anything else as JSON.
  const raw = typeof body === 'string' || Buffer.isBuffer(body);
  const response = await fetch(`${instance.origin}${url}`, {
    method,
    headers: {
      ...(token ? { token } : {}),
      ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: raw ? (body as string | Uint8Array<ArrayBuffer>) : JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  checkAnswer(method, url, {
    statusCode: response.status,
    headers: { 'content-type': contentType },
    body: bytes.toString('utf8'),
  } as LightMyRequestResponse);
  return {
    status: response.status,
    json: contentType.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : {},
    bytes,
  };
}

async function registerOn(instance: Instance) {
  const answer = await call(instance, 'POST', '/api/user/register', {
    body: { name: 'Ada Lovelace', email: uniqueEmail('mp'), password: 'correct horse battery' },
  });
  expect(answer.status).toBe(201);
  return { token: answer.json.token as string, userId: answer.json.user.id as string };
}

/** `GET /api/jobs/:id/events` read to its end (the stream ends after the job's last event). */
async function watchJob(instance: Instance, token: string, jobId: string): Promise<ParsedEvent[]> {
  const response = await fetch(`${instance.origin}/api/jobs/${jobId}/events`, {
    headers: { token },
    signal: AbortSignal.timeout(30_000),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return parseEvents(await response.text());
}

async function getJob(instance: Instance, token: string, jobId: string): Promise<JobView> {
  const answer = await call(instance, 'GET', `/api/jobs/${jobId}`, { token });
  expect(answer.status).toBe(200);
  return answer.json.job as JobView;
}

async function until<T>(
  what: string,
  look: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pngFilesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.png'));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two web instances and a worker, each its own process (needs TEST_DATABASE_URL: PostgreSQL)',
  () => {
    let location: DatabaseLocation | undefined;
    let s3: S3TestServer | undefined;
    let stripe: FakeStripe | undefined;
    let openAi: FakeOpenAi | undefined;
    let clipdrop: FakeClipdrop | undefined;
    let database: Database | undefined;
    let env: Record<string, string>;
    let a: Instance;
    let b: Instance;
    let worker: SpawnedProcess | undefined;
    let deployment: Deployment | undefined;
    let picture: ReturnType<typeof imagesAnswer>;

    /** How a job ended, as the database holds it: its terminal events, and the user's reservations, images and ledger. */
    async function endingOf(jobId: string, userId: string) {
      const ends = await rows<{ type: string }>(
        database!.db,
        sql`SELECT type FROM job_events WHERE job_id = ${jobId} AND type IN ('succeeded', 'failed', 'canceled')`,
      );
      const reservations = await rows<{ status: string }>(
        database!.db,
        sql`SELECT status FROM credit_reservations WHERE user_id = ${userId}`,
      );
      const [images] = await rows<{ n: number }>(
        database!.db,
        sql`SELECT count(*)::int AS n FROM images WHERE user_id = ${userId}`,
      );
      return {
        ends: ends.map(({ type }) => type),
        reservations: reservations.map(({ status }) => status),
        images: images?.n,
        ledger: await ledgerState(database!, userId),
      };
    }

    const dataDirOf = (name: string) => deployment!.dataDirOf(name);
    const startWorker = () => deployment!.startWorker('worker', { WORKER_CONCURRENCY: '2' });

    beforeAll(async () => {
      // Each kept as soon as it exists, so afterAll stops it even when another fails to start.
      await Promise.all([
        createDatabaseLocation('postgres').then((started) => (location = started)),
        startS3Server().then((started) => (s3 = started)),
        startFakeStripe().then((started) => (stripe = started)),
        startFakeOpenAi().then((started) => (openAi = started)),
        startFakeClipdrop().then((started) => (clipdrop = started)),
      ]);
      picture = imagesAnswer(await pngBase64(256, 256));
      openAi!.answer(picture);
      env = {
        DATABASE_URL: location!.url!,
        ...s3!.env,
        ...stripeEnv(stripe!),
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: openAi!.baseUrl,
        TOOLS_PROVIDER: 'clipdrop',
        CLIPDROP_API_KEY: 'cd-test',
        CLIPDROP_BASE_URL: clipdrop!.baseUrl,
        ...jobsEnv,
        // 100 submissions at once by one user: admission is decided by credit, not by the queue limit.
        JOBS_MAX_QUEUED_PER_USER: '100',
        AUTH_RATE_LIMIT_IP_MAX: '100000',
        AUTH_RATE_LIMIT_EMAIL_MAX: '100000',
        // 100 paid submissions in a minute by one user, from one IP: the spends are what is proved here.
        PAID_RATE_LIMIT_USER_MAX: '100000',
        PAID_RATE_LIMIT_IP_MAX: '100000',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(location!.dataDir, 'no-web-build'),
      };
      deployment = createDeployment(location!.dataDir, env);
      // All three at once on an empty database, as a deployment starts: one migrates, the others wait.
      [a, b, worker] = await Promise.all([deployment.startInstance('a'), deployment.startInstance('b'), startWorker()]);
      database = await openDatabase({ url: location!.url, dataDir: location!.dataDir });
    }, 180_000);

    afterAll(async () => {
      await deployment?.stop();
      await Promise.allSettled([database?.close(), s3?.close(), stripe?.close(), openAi?.close(), clipdrop?.close()]);
      await location?.dispose();
    }, 60_000);

    let watched: { token: string; imageId: string } | undefined;

    it('a job accepted by A is watched through B to succeeded, and B’s GET agrees', async () => {
      const { token } = await registerOn(a);
      const accepted = await call(a, 'POST', '/api/jobs/generate', { token, body: catRequest });
      expect(accepted.status).toBe(202);
      const jobId = accepted.json.jobId as string;

      const events = await watchJob(b, token, jobId);
      const stored = events.filter((event) => event.id !== undefined);
      const types = stored.map((event) => event.event);
      expect(types[0]).toBe('running');
      expect(types.filter((type) => ['succeeded', 'failed', 'canceled'].includes(type))).toEqual(['succeeded']);
      expect(types.at(-1)).toBe('succeeded');
      const imageId = stored.at(-1)!.data.imageId as string;
      expect(imageId).toEqual(expect.any(String));

      expect(await getJob(b, token, jobId)).toMatchObject({ id: jobId, status: 'succeeded', imageId });
      watched = { token, imageId };
    });

    it('the image made through A is served by B, byte for byte, from the bucket', async () => {
      expect(watched).toBeDefined();
      const { token, imageId } = watched!;
      const [fromA, fromB] = await Promise.all([
        call(a, 'GET', `/api/images/${imageId}`, { token }),
        call(b, 'GET', `/api/images/${imageId}`, { token }),
      ]);
      expect(fromA.status).toBe(200);
      expect(fromB.status).toBe(200);
      expect(fromB.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
      expect(await s3!.keys()).toContain(`images/${imageId}.png`);
      // No process keeps images on its own disk: B could only have read the bucket.
      for (const name of ['a', 'b', 'worker']) expect(await pngFilesUnder(dataDirOf(name))).toEqual([]);
    });

    it('an edit uploaded to B waits in the bucket for the worker, on another disk; A serves the result and the input is gone', async () => {
      const { token } = await registerOn(b);
      const photo = await pngOf(320, 240);
      const { payload, contentType } = await multipartBody([imagePart(photo)]);
      const accepted = await call(b, 'POST', '/api/jobs/tools/remove-background', {
        token,
        body: payload,
        headers: { 'content-type': contentType },
      });
      expect(accepted.status).toBe(202);
      const jobId = accepted.json.jobId as string;

      const job = await until(
        'the edit',
        () => getJob(a, token, jobId),
        (found) => ['succeeded', 'failed', 'canceled'].includes(found.status),
      );
      expect(job).toMatchObject({ status: 'succeeded', imageId: expect.any(String) });
      // The worker sent Clipdrop the very bytes B received: it read them from the bucket.
      expect(clipdrop!.requests.map((request) => request.files.image_file?.bytes.equals(photo))).toEqual([true]);
      const served = await call(a, 'GET', `/api/images/${job.imageId}`, { token });
      expect(served.status).toBe(200);
      expect(served.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect((await s3!.keys()).filter((key) => key.startsWith('inputs/'))).toEqual([]);
    });

    it('100 concurrent generations, 50 through A and 50 through B, on 60 credits: exactly 60 run and are charged', async () => {
      const { token, userId } = await registerOn(a);
      // The sign-up bonus is 5; an operator's adjustment through the credits module makes it 60.
      await createCreditsService(database!.db).grant(userId, 55, 'adjustment', `multi-process-${userId}`);
      expect((await ledgerState(database!, userId)).balance).toBe(60);

      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          call(i % 2 === 0 ? a : b, 'POST', '/api/jobs/generate', {
            token,
            body: { ...catRequest, prompt: `a garden, variation ${i}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 202)).toHaveLength(60);
      expect(statuses.filter((status) => status === 402)).toHaveLength(40);

      const counts = await until(
        'the 60 jobs',
        () =>
          rows<{ status: string; n: number }>(
            database!.db,
            sql`SELECT status, count(*)::int AS n FROM jobs WHERE user_id = ${userId} GROUP BY status`,
          ),
        (found) => found.every((row) => row.status !== 'queued' && row.status !== 'running'),
      );
      expect(counts).toEqual([{ status: 'succeeded', n: 60 }]);
      expect(await ledgerState(database!, userId)).toMatchObject({ balance: 0, ledgerSum: 0 });
      const reservations = await rows<{ status: string; n: number }>(
        database!.db,
        sql`SELECT status, count(*)::int AS n FROM credit_reservations WHERE user_id = ${userId} GROUP BY status`,
      );
      expect(reservations).toEqual([{ status: 'committed', n: 60 }]);
      const [images] = await rows<{ n: number }>(
        database!.db,
        sql`SELECT count(*)::int AS n FROM images WHERE user_id = ${userId}`,
      );
      expect(images?.n).toBe(60);
    });

    it('a payment webhook delivered to A and to B, one after the other and all at once, grants once', async () => {
      const { token, userId } = await registerOn(a);
      const buy = async (instance: Instance) => {
        const intent = await call(instance, 'POST', '/api/stripe/create-payment-intent', {
          token,
          body: { items: [{ id: 'Popular' }], description: 'Credits for a customer', userEmail: 'someone@example.com' },
        });
        expect(intent.status).toBe(200);
        const id = intent.json.paymentIntentId as string;
        stripe!.setStatus(id, 'succeeded');
        return { id, ...signedEvent('payment_intent.succeeded', { id }) };
      };
      const deliver = (instance: Instance, { payload, signature }: { payload: string; signature: string }) =>
        call(instance, 'POST', '/api/stripe/webhook', {
          body: payload,
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        });

      const first = await buy(a);
      expect((await deliver(a, first)).status).toBe(200);
      expect((await deliver(b, first)).status).toBe(200);
      expect(await purchaseRows(database!, first.id)).toEqual([{ user_id: userId, delta: 35 }]);
      expect(await ledgerState(database!, userId)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });

      const second = await buy(b);
      const deliveries = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i % 2 === 0 ? a : b, second)));
      expect(deliveries.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(await purchaseRows(database!, second.id)).toEqual([{ user_id: userId, delta: 35 }]);
      expect(await ledgerState(database!, userId)).toEqual({ balance: 75, ledgerSum: 75, ledgerRows: 3 });
    });

    it('a job canceled through B while the worker runs it is refunded once; the worker’s late image is thrown away', async () => {
      const { token, userId } = await registerOn(a);
      // Long enough to cancel meanwhile, well inside the provider's timeout.
      openAi!.answer({ ...picture, delayMs: 1500 }, picture);
      const accepted = await call(a, 'POST', '/api/jobs/generate', { token, body: catRequest });
      expect(accepted.status).toBe(202);
      const jobId = accepted.json.jobId as string;
      await until(
        'the worker to call the provider',
        async () => openAi!.requests.length,
        (n) => n === 1,
      );

      const canceled = await call(b, 'POST', `/api/jobs/${jobId}/cancel`, { token });
      expect(canceled.status).toBe(200);
      expect(canceled.json.job).toMatchObject({ id: jobId, status: 'canceled' });
      // The worker learns it only when it tries to deliver: the database refuses the claim.
      await worker!.waitFor(new RegExp(`"jobId":"${jobId}"[^\n]*its image was discarded`), 30_000);

      expect(await getJob(a, token, jobId)).toMatchObject({ status: 'canceled', imageId: null });
      expect(await endingOf(jobId, userId)).toEqual({
        ends: ['canceled'],
        reservations: ['refunded'],
        images: 0,
        ledger: expect.objectContaining({ balance: 5, ledgerSum: 5 }),
      });
    });

    it('the worker killed with SIGKILL mid-job: a new worker finishes the job once, charged once', async () => {
      const { token, userId } = await registerOn(a);
      // The first call hangs (the worker is killed meanwhile); the retry is answered at once.
      openAi!.answer({ ...picture, delayMs: 15_000 }, picture);
      const accepted = await call(a, 'POST', '/api/jobs/generate', { token, body: catRequest });
      expect(accepted.status).toBe(202);
      const jobId = accepted.json.jobId as string;

      await until(
        'the worker to call the provider',
        async () => openAi!.requests.length,
        (n) => n === 1,
      );
      await worker!.kill('SIGKILL');
      worker = await startWorker();

      const job = await until(
        'the job',
        () => getJob(b, token, jobId),
        (found) => ['succeeded', 'failed', 'canceled'].includes(found.status),
        60_000,
      );
      expect(job).toMatchObject({ status: 'succeeded', imageId: expect.any(String) });
      expect(openAi!.requests).toHaveLength(2);
      const [row] = await rows<{ attempts: number }>(database!.db, sql`SELECT attempts FROM jobs WHERE id = ${jobId}`);
      expect(row?.attempts).toBe(2);
      // It ended once: one terminal event, one committed reservation, one image.
      expect(await endingOf(jobId, userId)).toEqual({
        ends: ['succeeded'],
        reservations: ['committed'],
        images: 1,
        ledger: expect.objectContaining({ balance: 4, ledgerSum: 4 }),
      });
    });

    it('afterwards every balance equals its ledger, no reservation is pending, no job unfinished, no object orphaned', async () => {
      const [users] = await rows<{ n: number }>(database!.db, sql`SELECT count(*)::int AS n FROM users`);
      expect(users?.n).toBeGreaterThanOrEqual(4);
      const mismatched = await rows<{ id: string }>(
        database!.db,
        sql`SELECT u.id FROM users u WHERE u.credit_balance <> COALESCE((SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = u.id), 0)`,
      );
      expect(mismatched).toEqual([]);
      const [pending] = await rows<{ n: number }>(
        database!.db,
        sql`SELECT count(*)::int AS n FROM credit_reservations WHERE status = 'pending'`,
      );
      expect(pending?.n).toBe(0);
      const [unfinished] = await rows<{ n: number }>(
        database!.db,
        sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running')`,
      );
      expect(unfinished?.n).toBe(0);
      // Every image row has its object in the bucket and nothing else is there (job inputs are gone).
      const stored = await rows<{ id: string }>(database!.db, sql`SELECT id FROM images`);
      expect(await s3!.keys()).toEqual(stored.map(({ id }) => `images/${id}.png`).sort());
    });
  },
);
