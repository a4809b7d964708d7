import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { submitGeneration } from '../../test/job-calls.ts';
import { register, startTestApp, type TestContext } from '../../test/harness.ts';

/*
 * Open job-event streams are bounded per account and per client address: one account with one
 * unfinished job could otherwise open thousands, each holding a socket and costing queries.
 */
describe.each<{ limits: string; env: Record<string, string> }>([
  { limits: 'the defaults', env: {} },
  { limits: 'SSE_MAX_STREAMS_PER_IP=10', env: { SSE_MAX_STREAMS_PER_IP: '10' } },
])('job event streams, bounded, with $limits', ({ env }) => {
  let t: TestContext;
  let origin: string;
  const gate = gatedGenerationProvider();
  // Each open stream keeps its Response: undici cancels the body of a Response that is garbage
  // collected, which would close the stream on the server before the test means to.
  const open: { controller: AbortController; response?: Response }[] = [];

  beforeAll(async () => {
    t = await startTestApp('pglite', env, { generationProvider: gate.provider });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.controller.abort();
  });
  afterAll(async () => {
    gate.openGate();
    await t.close();
  });

  /** Opens the job's stream and keeps it open (until the test ends); resolves with its status. */
  async function openStream(
    token: string,
    jobId: string,
  ): Promise<{ status: number; retryAfter: string | null; body: string }> {
    const stream: (typeof open)[number] = { controller: new AbortController() };
    open.push(stream);
    const response = await fetch(`${origin}/api/jobs/${jobId}/events`, {
      headers: { token },
      signal: stream.controller.signal,
    });
    stream.response = response;
    // A refused stream has a body to read; an accepted one stays open.
    const body = response.status === 200 ? '' : await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  }

  async function unfinishedJob() {
    const { token } = await register(t.app);
    const accepted = await submitGeneration(t.app, token);
    expect(accepted.statusCode).toBe(202);
    return { token, jobId: accepted.json().jobId as string };
  }

  it.skipIf(env.SSE_MAX_STREAMS_PER_IP)(
    'opens 6 streams of one account and answers 429 with Retry-After to the other 14',
    async () => {
      const { token, jobId } = await unfinishedJob();
      const answers = await Promise.all(Array.from({ length: 20 }, () => openStream(token, jobId)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(6);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.map((answer) => answer.status)).toEqual(Array(14).fill(429));
      for (const answer of refused) {
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: expect.stringContaining('6 ') });
      }
    },
  );

  it.skipIf(env.SSE_MAX_STREAMS_PER_IP)('counts a closed stream out again', async () => {
    const { token, jobId } = await unfinishedJob();
    expect(
      (await Promise.all(Array.from({ length: 6 }, () => openStream(token, jobId)))).map((answer) => answer.status),
    ).toEqual(Array(6).fill(200));
    expect((await openStream(token, jobId)).status).toBe(429);
    open.shift()!.controller.abort();
    // The server hears of the close a moment later.
    await expect.poll(async () => (await openStream(token, jobId)).status, { timeout: 10_000 }).toBe(200);
  });

  it.runIf(env.SSE_MAX_STREAMS_PER_IP)(
    'bounds the streams of one client address across accounts (SSE_MAX_STREAMS_PER_IP)',
    async () => {
      const jobs = await Promise.all([unfinishedJob(), unfinishedJob(), unfinishedJob()]);
      const answers = await Promise.all(
        jobs.flatMap(({ token, jobId }) => Array.from({ length: 4 }, () => openStream(token, jobId))),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
    },
  );
});
