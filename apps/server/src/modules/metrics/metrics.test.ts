import { createServer } from 'node:net';
import os from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEdit, fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, post, register, startTestApp, testConfig, type TestContext } from '../../test/harness.ts';
import { submitGeneration, waitForJob } from '../../test/job-calls.ts';
import { startWorker } from '../../worker-process.ts';
import { createIntent } from '../../test/payment-calls.ts';
import { callTool, imagePart, pngOf } from '../../test/tool-calls.ts';
import { ToolProviderError } from '../tools/index.ts';

const token = 'metrics-token-0123456789abcdef';

/** The value of one sample in Prometheus' text format: `name{labels} value`, the labels given all present. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = (t: TestContext, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(databaseKinds)('GET /metrics with METRICS_TOKEN on %s', (kind) => {
  let t: TestContext;
  let failTools = false;
  const fake = fakeToolProvider(async (input) => {
    if (failTools) throw new ToolProviderError('failed', 'the provider broke');
    return fakeEdit(input.tool, input.image.path, input.fields);
  });
  beforeAll(async () => {
    t = await startTestApp(kind, { METRICS_TOKEN: token }, { toolProvider: fake.provider });
  });
  afterAll(() => t.close());

  it('answers 401 without the bearer token or with a wrong one, 200 in Prometheus text with it', async () => {
    const missing = await scrape(t);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(t, `Bearer ${token}x`)).statusCode).toBe(401);
    expect((await scrape(t, token)).statusCode).toBe(401);

    const response = await scrape(t, `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // prom-client's default metrics: event-loop lag and memory.
    expect(sample(response.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts a generation, a tool call, a refunded failure and a purchase', async () => {
    const before = (await scrape(t, `Bearer ${token}`)).body;
    const counted = (text: string, name: string, labels: Record<string, string> = {}) =>
      (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

    const user = await register(t.app);
    const generated = await post(t.app, '/api/image/generate-image', user.token, {
      prompt: 'a lighthouse at dusk',
      model: 'dall-e-2',
      size: '256x256',
      quality: 'standard',
    });
    expect(generated.statusCode).toBe(200);
    const photo = await pngOf(64, 48);
    expect((await callTool(t.app, user.token, 'remove-background', [imagePart(photo)])).statusCode).toBe(200);
    failTools = true;
    const failed = await callTool(t.app, user.token, 'remove-background', [imagePart(photo)]);
    failTools = false;
    expect(failed.statusCode).toBe(502);
    const intent = await createIntent(t.app, user.token, 'Popular');
    const paid = await post(t.app, '/api/payments/local/confirm', user.token, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);

    const after = (await scrape(t, `Bearer ${token}`)).body;
    // Credits: 5 at sign-up, 35 bought; 3 taken for work, 1 of them given back.
    expect(counted(after, 'lumigen_credits_granted_total', { reason: 'signup_bonus' })).toBe(5);
    expect(counted(after, 'lumigen_credits_granted_total', { reason: 'purchase' })).toBe(35);
    expect(counted(after, 'lumigen_credits_spent_total')).toBe(3);
    expect(counted(after, 'lumigen_credits_refunded_total')).toBe(1);

    expect(counted(after, 'lumigen_jobs_accepted_total', { kind: 'generation' })).toBe(1);
    expect(counted(after, 'lumigen_jobs_accepted_total', { kind: 'remove-background' })).toBe(2);
    expect(counted(after, 'lumigen_jobs_finished_total', { kind: 'generation', outcome: 'succeeded' })).toBe(1);
    expect(counted(after, 'lumigen_jobs_finished_total', { kind: 'remove-background', outcome: 'succeeded' })).toBe(1);
    expect(counted(after, 'lumigen_jobs_finished_total', { kind: 'remove-background', outcome: 'failed' })).toBe(1);
    expect(counted(after, 'lumigen_job_queue_wait_seconds_count', { kind: 'remove-background' })).toBe(2);
    expect(counted(after, 'lumigen_job_run_seconds_count', { kind: 'generation', outcome: 'succeeded' })).toBe(1);
    expect(counted(after, 'lumigen_job_run_seconds_count', { kind: 'remove-background', outcome: 'failed' })).toBe(1);
    expect(sample(after, 'lumigen_jobs_unfinished', { status: 'queued' })).toBe(0);
    expect(sample(after, 'lumigen_jobs_unfinished', { status: 'running' })).toBe(0);

    expect(
      counted(after, 'lumigen_provider_call_duration_seconds_count', {
        provider: 'local',
        tool: 'generation',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      counted(after, 'lumigen_provider_call_duration_seconds_count', {
        provider: 'local',
        tool: 'remove-background',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      counted(after, 'lumigen_provider_call_duration_seconds_count', {
        provider: 'local',
        tool: 'remove-background',
        outcome: 'error',
      }),
    ).toBe(1);
    expect(
      counted(after, 'lumigen_provider_errors_total', {
        provider: 'local',
        tool: 'remove-background',
        failure: 'failed',
      }),
    ).toBe(1);

    // By the route's pattern, never the raw URL.
    const http = (route: string, status: string, method = 'POST') =>
      counted(after, 'lumigen_http_request_duration_seconds_count', { method, route, status });
    expect(http('/api/image/generate-image', '200')).toBe(1);
    expect(http('/api/image/tools/:tool', '200')).toBe(1);
    expect(http('/api/image/tools/:tool', '502')).toBe(1);
    expect(after).not.toContain('route="/api/image/tools/remove-background"');
  });

  it('counts failed database statements by SQLSTATE, and reports the PostgreSQL pool', async () => {
    const before = (await scrape(t, `Bearer ${token}`)).body;
    const user = await register(t.app);
    // The same address again: the unique index refuses the second row (23505), answered 409.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'Ada', email: user.user.email, password: 'correct horse battery' },
    });
    expect(again.statusCode).toBe(409);
    const after = (await scrape(t, `Bearer ${token}`)).body;
    expect(
      (sample(after, 'lumigen_db_query_errors_total', { code: '23505' }) ?? 0) -
        (sample(before, 'lumigen_db_query_errors_total', { code: '23505' }) ?? 0),
    ).toBeGreaterThanOrEqual(1);
    // PGlite is one connection inside the process: only PostgreSQL has a pool to report.
    if (kind === 'postgres')
      expect(sample(after, 'lumigen_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    else expect(sample(after, 'lumigen_db_pool_connections', { state: 'total' })).toBeUndefined();
  });
});

describe.each(databaseKinds)('where /metrics is served on %s', (kind) => {
  it('answers 404 on the main port when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await startTestApp(kind);
    try {
      const response = await scrape(t);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('lumigen_');
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT, serves them on 127.0.0.1 at that port and not on the main port', async () => {
    const port = await freePort();
    const t = await startTestApp(kind, { METRICS_PORT: String(port), METRICS_TOKEN: token });
    try {
      expect((await scrape(t, `Bearer ${token}`)).statusCode).toBe(404);
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('lumigen_http_request_duration_seconds');
      // Not on any other address of this machine.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((address) => address && !address.internal && address.family === 'IPv4');
      if (outside) await expect(fetch(`http://${outside.address}:${port}/metrics`)).rejects.toThrow();
    } finally {
      await t.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

// A worker process needs PostgreSQL (PGlite belongs to one process).
describe.runIf(process.env.TEST_DATABASE_URL)('a worker process with METRICS_PORT on PostgreSQL', () => {
  it('serves its own metrics on loopback: the provider calls and run times of the jobs it ran', async () => {
    const t = await startTestApp('postgres', { WORKERS_IN_PROCESS: '0', METRICS_TOKEN: token });
    const port = await freePort();
    const worker = await startWorker({
      config: testConfig(t.location, { METRICS_PORT: String(port) }),
      log: pino({ level: 'silent' }),
    });
    try {
      const user = await register(t.app);
      const accepted = await submitGeneration(t.app, user.token);
      expect(accepted.statusCode).toBe(202);
      expect((await waitForJob(t.app, user.token, accepted.json().jobId)).status).toBe('succeeded');

      const ran = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(
        sample(ran, 'lumigen_provider_call_duration_seconds_count', {
          provider: 'local',
          tool: 'generation',
          outcome: 'ok',
        }),
      ).toBe(1);
      expect(sample(ran, 'lumigen_job_run_seconds_count', { kind: 'generation', outcome: 'succeeded' })).toBe(1);
      expect(sample(ran, 'lumigen_jobs_finished_total', { kind: 'generation', outcome: 'succeeded' })).toBe(1);
      // The web-only instance accepted it and called no provider.
      const web = (await scrape(t, `Bearer ${token}`)).body;
      expect(sample(web, 'lumigen_jobs_accepted_total', { kind: 'generation' })).toBe(1);
      expect(
        sample(web, 'lumigen_provider_call_duration_seconds_count', {
          provider: 'local',
          tool: 'generation',
          outcome: 'ok',
        }),
      ).toBeUndefined();
    } finally {
      await worker.stop();
      await t.close();
    }
  });
});
