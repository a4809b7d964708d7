import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rows } from '../../db/client.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { catRequest, getJob, parseEvents, submitGeneration, submitTool, waitForJob } from '../../test/job-calls.ts';
import {
  countRows,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { defaultFields, imagePart, pngOf } from '../../test/tool-calls.ts';
import { GenerationProviderError } from '../generation/index.ts';

const prompt = (text: string) => ({ ...catRequest, prompt: text });
const jobsOf = async (t: TestContext, userId: string) =>
  rows<{ status: string; attempts: number }>(
    t.database.db,
    sql`SELECT status, attempts FROM jobs WHERE user_id = ${userId} ORDER BY created_at`,
  );

describe.each(databaseKinds)('the jobs API on %s', (kind) => {
  let t: TestContext;
  const gate = gatedGenerationProvider();
  const tools = fakeToolProvider();

  // One worker, one running job and two waiting per user: small enough to reach every limit.
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { WORKER_CONCURRENCY: '1', JOBS_MAX_RUNNING_PER_USER: '1', JOBS_MAX_QUEUED_PER_USER: '2' },
      { generationProvider: gate.provider, toolProvider: tools.provider },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    gate.calls.length = 0;
    gate.closeGate();
  });

  it('accepts a generation with 202, runs it, and charges exactly once when its image is stored', async () => {
    gate.openGate();
    const { token, user } = await register(t.app);
    const accepted = await submitGeneration(t.app, token);
    expect(accepted.statusCode).toBe(202);
    const { jobId } = accepted.json();
    expect(accepted.json()).toEqual({ success: true, jobId: expect.any(String), status: 'queued' });

    const job = await waitForJob(t.app, token, jobId);
    expect(job).toMatchObject({
      id: jobId,
      kind: 'generation',
      status: 'succeeded',
      progress: 100,
      position: null,
      imageId: expect.any(String),
      message: null,
      finishedAt: expect.any(String),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/images/${job.imageId}`, headers: { token } })).statusCode,
    ).toBe(200);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    const [reservation] = await rows<{ status: string; image_id: string }>(
      t.database.db,
      sql`SELECT status, image_id FROM credit_reservations WHERE user_id = ${user.id}`,
    );
    expect(reservation).toEqual({ status: 'committed', image_id: job.imageId });
  });

  it('runs an editing tool from its multipart upload and deletes the job input afterwards', async () => {
    const { token, user } = await register(t.app);
    const accepted = await submitTool(t.app, token, 'upscale', [
      imagePart(await pngOf(80, 60)),
      ...defaultFields('upscale'),
    ]);
    expect(accepted.statusCode).toBe(202);
    const job = await waitForJob(t.app, token, accepted.json().jobId);
    expect(job).toMatchObject({ kind: 'upscale', status: 'succeeded' });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    // The upload went through the input store (its folder exists) and left nothing there. The
    // job reads as succeeded from its commit; its ending deletes the files right after that.
    await vi.waitFor(
      async () => {
        const inputsLeft = (
          await readdir(path.join(t.location.dataDir, 'inputs'), { recursive: true, withFileTypes: true })
        ).filter((entry) => entry.isFile());
        expect(inputsLeft).toEqual([]);
        expect(await readdir(path.join(t.location.dataDir, 'uploads'))).toEqual([]);
      },
      { timeout: 2_000, interval: 20 },
    );
  });

  it('answers bad input with a 4xx and charges nothing, queues nothing', async () => {
    const { token, user } = await register(t.app);
    const badSize = await submitGeneration(t.app, token, { ...catRequest, size: '300x300' });
    expect(badSize.statusCode).toBe(400);
    const notAnImage = await submitTool(t.app, token, 'remove-background', [imagePart(Buffer.from('not a picture'))]);
    expect(notAnImage.statusCode).toBe(415);
    const unknownTool = await submitTool(t.app, token, 'paint-it-black', [imagePart(await pngOf(80, 60))]);
    expect(unknownTool.statusCode).toBe(404);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    expect(await jobsOf(t, user.id)).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/jobs/generate', payload: catRequest })).statusCode).toBe(
      401,
    );
  });

  it('answers 402 with the balance when the credit is short, and queues nothing', async () => {
    const { token, user } = await register(t.app);
    for (let i = 0; i < 5; i += 1) await post(t.app, '/api/image/deduct-credit', token);
    const response = await submitGeneration(t.app, token);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      message:
        'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
      creditBalance: 0,
      creditsNeeded: 1,
    });
    expect(await jobsOf(t, user.id)).toEqual([]);
  });

  it('refuses work beyond the per-user limits with 429 and Retry-After, reserving nothing', async () => {
    const { token, user } = await register(t.app);
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three'])
      ids.push((await submitGeneration(t.app, token, prompt(text))).json().jobId);
    await gate.waitForCalls(1);
    const refused = await submitGeneration(t.app, token, prompt('four'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toEqual({ success: false, message: messages.job.tooMany(1, 2) });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 2, ledgerSum: 2, ledgerRows: 4 });
    expect(await jobsOf(t, user.id)).toHaveLength(3);
    gate.openGate();
    for (const id of ids) expect((await waitForJob(t.app, token, id)).status).toBe('succeeded');
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 2, ledgerSum: 2, ledgerRows: 4 });
  });

  it("takes users' jobs in turn: one user's queue does not hold another user's single job behind it", async () => {
    const busy = await register(t.app);
    const other = await register(t.app);
    const busyIds: string[] = [];
    for (const text of ['busy 1', 'busy 2', 'busy 3'])
      busyIds.push((await submitGeneration(t.app, busy.token, prompt(text))).json().jobId);
    await gate.waitForCalls(1);
    const otherId = (await submitGeneration(t.app, other.token, prompt('other 1'))).json().jobId;
    // busy 1 runs; the other user's job is next, ahead of busy 2 and 3.
    expect((await getJob(t.app, other.token, otherId)).position).toBe(1);
    expect((await getJob(t.app, busy.token, busyIds[1]!)).position).toBe(2);
    expect((await getJob(t.app, busy.token, busyIds[2]!)).position).toBe(3);
    gate.openGate();
    for (const id of busyIds) await waitForJob(t.app, busy.token, id);
    await waitForJob(t.app, other.token, otherId);
    expect(gate.prompts()).toEqual(['busy 1', 'other 1', 'busy 2', 'busy 3']);
  });

  it('cancels a waiting job and a running one, refunding each once; a finished job cannot be canceled', async () => {
    const { token, user } = await register(t.app);
    const running = (await submitGeneration(t.app, token, prompt('running'))).json().jobId;
    const waiting = (await submitGeneration(t.app, token, prompt('waiting'))).json().jobId;
    await gate.waitForCalls(1);

    const canceled = await t.app.inject({ method: 'POST', url: `/api/jobs/${waiting}/cancel`, headers: { token } });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      success: true,
      message: messages.job.cancelRequested,
      job: { id: waiting, status: 'canceled', message: messages.job.canceled },
    });
    const again = await t.app.inject({ method: 'POST', url: `/api/jobs/${waiting}/cancel`, headers: { token } });
    expect(again.statusCode).toBe(409);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/jobs/${running}/cancel`, headers: { token } })).json().job
        .status,
    ).toBe('canceled');
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 5 });
    // The provider finishes anyway: the image is thrown away and nothing is charged.
    gate.openGate();
    await gate.waitForCalls(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(gate.prompts()).toEqual(['running']);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 5 });
    const images = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM images WHERE user_id = ${user.id}`,
    );
    expect(images[0]?.n).toBe(0);
  });

  it("answers 404 for someone else's job, for a job that does not exist, and for a malformed id", async () => {
    gate.openGate();
    const owner = await register(t.app);
    const stranger = await register(t.app);
    const jobId = (await submitGeneration(t.app, owner.token)).json().jobId;
    await waitForJob(t.app, owner.token, jobId);
    for (const id of [jobId, '00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      for (const [method, url] of [
        ['GET', `/api/jobs/${id}`],
        ['GET', `/api/jobs/${id}/events`],
        ['POST', `/api/jobs/${id}/cancel`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: { token: stranger.token } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Not found' });
      }
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/jobs', headers: { token: stranger.token } })).json().jobs,
    ).toEqual([]);
    expect(await ledgerState(t.database, owner.user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it("fails a job the provider refuses, with the provider's words, and refunds it", async () => {
    const { token, user } = await register(t.app);
    const jobId = (await submitGeneration(t.app, token)).json().jobId;
    await gate.waitForCalls(1);
    gate.calls[0]!.fail(new GenerationProviderError('content_policy', 'flagged', { status: 400 }));
    const job = await waitForJob(t.app, token, jobId);
    expect(job).toMatchObject({ status: 'failed', message: messages.contentPolicy, imageId: null });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    expect(await jobsOf(t, user.id)).toEqual([{ status: 'failed', attempts: 1 }]);
  });

  it("retries a provider's 5xx once after a back-off, and charges once when the retry succeeds", async () => {
    const { token, user } = await register(t.app);
    const jobId = (await submitGeneration(t.app, token)).json().jobId;
    await gate.waitForCalls(1);
    gate.calls[0]!.fail(new GenerationProviderError('failed', 'bad gateway', { status: 502 }));
    await gate.waitForCalls(2);
    gate.calls[1]!.release();
    expect((await waitForJob(t.app, token, jobId)).status).toBe('succeeded');
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    expect(await jobsOf(t, user.id)).toEqual([{ status: 'succeeded', attempts: 2 }]);
  });

  it("fails and refunds after the retry when the provider's 429 persists", async () => {
    const { token, user } = await register(t.app);
    const jobId = (await submitGeneration(t.app, token)).json().jobId;
    await gate.waitForCalls(1);
    gate.calls[0]!.fail(new GenerationProviderError('failed', 'slow down', { status: 429 }));
    await gate.waitForCalls(2);
    gate.calls[1]!.fail(new GenerationProviderError('failed', 'slow down', { status: 429 }));
    expect(await waitForJob(t.app, token, jobId)).toMatchObject({ status: 'failed', message: messages.providerFailed });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('streams a job as Server-Sent Events (position, running, progress, succeeded), resumable with Last-Event-ID', async () => {
    const { token } = await register(t.app);
    const other = await register(t.app);
    // Another user's job holds the only worker, so this one waits at position 1.
    const blocker = (await submitGeneration(t.app, other.token, prompt('blocker'))).json().jobId;
    await gate.waitForCalls(1);
    const jobId = (await submitGeneration(t.app, token, prompt('watched'))).json().jobId;
    const streamed = t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/events`, headers: { token } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    gate.openGate();
    const response = await streamed;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const imageId = (await getJob(t.app, token, jobId)).imageId;
    expect(parseEvents(response.body)).toEqual([
      { event: 'position', data: { position: 1 } },
      { id: '1', event: 'running', data: { attempt: 1 } },
      { id: '2', event: 'progress', data: { progress: 10 } },
      { id: '3', event: 'progress', data: { progress: 80 } },
      { id: '4', event: 'succeeded', data: { imageId } },
    ]);

    const resumed = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${jobId}/events`,
      headers: { token, 'last-event-id': '2' },
    });
    expect(parseEvents(resumed.body)).toEqual([
      { id: '3', event: 'progress', data: { progress: 80 } },
      { id: '4', event: 'succeeded', data: { imageId } },
    ]);
    const finished = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${jobId}/events`,
      headers: { token, 'last-event-id': '4' },
    });
    expect(parseEvents(finished.body)).toEqual([]);
    await waitForJob(t.app, other.token, blocker);
  });

  it("lists the user's recent jobs, newest first, by status", async () => {
    const { token } = await register(t.app);
    const first = (await submitGeneration(t.app, token, prompt('first'))).json().jobId;
    await gate.waitForCalls(1);
    gate.calls[0]!.fail(new GenerationProviderError('content_policy', 'flagged'));
    await waitForJob(t.app, token, first);
    gate.openGate();
    const second = (await submitGeneration(t.app, token, prompt('second'))).json().jobId;
    await waitForJob(t.app, token, second);

    const all = await t.app.inject({ method: 'GET', url: '/api/jobs', headers: { token } });
    expect(all.json()).toMatchObject({ success: true, nextCursor: null });
    expect(all.json().jobs.map((job: { id: string; status: string }) => [job.id, job.status])).toEqual([
      [second, 'succeeded'],
      [first, 'failed'],
    ]);
    const failed = await t.app.inject({ method: 'GET', url: '/api/jobs?status=failed', headers: { token } });
    expect(failed.json().jobs.map((job: { id: string }) => job.id)).toEqual([first]);
    const older = await t.app.inject({ method: 'GET', url: `/api/jobs?cursor=${second}`, headers: { token } });
    expect(older.json().jobs.map((job: { id: string }) => job.id)).toEqual([first]);
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs?status=lost', headers: { token } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs?cursor=12', headers: { token } })).statusCode).toBe(
      400,
    );
  });

  it("keeps the specification's generate-image answering as before, through a job", async () => {
    gate.openGate();
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, catRequest);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Image generated',
      creditBalance: 4,
      imageId: expect.any(String),
    });
    expect(await jobsOf(t, user.id)).toEqual([{ status: 'succeeded', attempts: 1 }]);
    expect(await countRows(t.database, 'images')).toBeGreaterThan(0);
  });
});

describe.each(databaseKinds)('jobs whose attempts expire on %s', (kind) => {
  it('retries an attempt that outlives JOBS_TIMEOUT_SECONDS once, then fails the job and refunds it; a late image is discarded', async () => {
    const gate = gatedGenerationProvider();
    const t = await startTestApp(
      kind,
      { JOBS_TIMEOUT_SECONDS: '2', TOOLS_LOCAL_TIMEOUT_SECONDS: '1' },
      { generationProvider: gate.provider },
    );
    try {
      const { token, user } = await register(t.app);
      const jobId = (await submitGeneration(t.app, token)).json().jobId;
      const job = await waitForJob(t.app, token, jobId);
      expect(job).toMatchObject({ status: 'failed', message: messages.job.lost });
      expect(gate.calls).toHaveLength(2);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      // Both stuck attempts answer at last: neither is delivered or charged.
      gate.openGate();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      expect(await countRows(t.database, 'images')).toBe(0);
      expect(await jobsOf(t, user.id)).toEqual([{ status: 'failed', attempts: 2 }]);
    } finally {
      await t.close();
    }
  });
});
