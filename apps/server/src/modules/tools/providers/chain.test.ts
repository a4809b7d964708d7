import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { startFakeClipdrop, type FakeClipdrop } from '../../../test/fake-clipdrop.ts';
import { startFakeStability, type FakeStability } from '../../../test/fake-stability.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../../test/harness.ts';
import { callTool, imagePart, pngOf } from '../../../test/tool-calls.ts';
import { providerAttemptsOf } from './attempts.repository.ts';

const metricsToken = 'metrics-token-0123456789';

/**
 * Failover before refund (decision 050), through the real app and the job runner: Stability first,
 * Clipdrop second. The user is charged once whoever answers, or refunded once; every call is kept
 * on the job with its cost, and counted.
 */
describe.each(databaseKinds)('provider chains on %s', (kind) => {
  let stability: FakeStability;
  let clipdrop: FakeClipdrop;
  let t: TestContext;
  let photo: Buffer;

  beforeAll(async () => {
    stability = await startFakeStability();
    clipdrop = await startFakeClipdrop();
    t = await startTestApp(kind, {
      ALLOW_TEST_PAYMENTS: 'true',
      STABILITY_API_KEY: 'sk-stability-chain',
      STABILITY_BASE_URL: stability.baseUrl,
      CLIPDROP_API_KEY: 'cd-chain',
      CLIPDROP_BASE_URL: clipdrop.baseUrl,
      TOOLS_PROVIDER: 'stability,clipdrop',
      PROVIDER_PRICES_JSON: '{"clipdrop:credit": 0.02}',
      METRICS_TOKEN: metricsToken,
    });
    photo = await pngOf(96, 64);
  });
  afterAll(async () => {
    await t?.close();
    await stability?.close();
    await clipdrop?.close();
  });
  beforeEach(() => {
    stability.answer({ image: 'png' });
    clipdrop.answer({ image: 'png' });
  });

  const jobOf = async (userId: string) =>
    (
      await rows<{ id: string; status: string }>(
        t.database.db,
        sql`SELECT id, status FROM jobs WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1`,
      )
    )[0]!;
  const ledgerOf = async (userId: string) =>
    (
      await rows<{ reason: string; delta: number }>(
        t.database.db,
        sql`SELECT reason, delta FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
      )
    ).map((row) => [row.reason, row.delta]);
  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })).body;
  const counter = (body: string, line: string) =>
    Number(
      body
        .split('\n')
        .find((l) => l.startsWith(line + ' '))
        ?.split(' ')[1] ?? 0,
    );

  it("reports each tool's chain on /api/image/providers", async () => {
    const answer = (await t.app.inject({ method: 'GET', url: '/api/image/providers' })).json();
    expect(answer.tools).toBe('stability');
    expect(answer.toolChains.cleanup).toEqual(['stability', 'clipdrop']);
    expect(Object.keys(answer.toolChains)).toHaveLength(8);
  });

  it('Stability first: it answers, one charge, its call and list price kept on the job', async () => {
    const before = await scrape();
    const { token, user } = await register(t.app);
    const response = await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
    expect(response.statusCode).toBe(200);
    expect(clipdrop.requests).toHaveLength(0);
    expect(await ledgerOf(user.id)).toEqual([
      ['signup_bonus', 5],
      ['reservation', -1],
    ]);
    const job = await jobOf(user.id);
    expect(await providerAttemptsOf(t.database.db, job.id)).toEqual([
      {
        provider: 'stability',
        endpoint: '/v2beta/stable-image/edit/remove-background',
        status: 200,
        ms: expect.any(Number),
        outcome: 'ok',
        usage: { credits: 5 },
        costUsd: 0.05,
      },
    ]);
    const after = await scrape();
    const ok = 'lumigen_provider_requests_total{provider="stability",tool="remove-background",outcome="ok"}';
    expect(counter(after, ok) - counter(before, ok)).toBe(1);
    const cost = 'lumigen_provider_cost_usd_total{provider="stability",kind="remove-background"}';
    expect(counter(after, cost) - counter(before, cost)).toBeCloseTo(0.05);
  });

  it('a 503 from Stability (and from its one retry): Clipdrop does the job, charged once', async () => {
    stability.answer({ status: 503, name: 'service_unavailable', errors: ['overloaded'] });
    const before = await scrape();
    const { token, user } = await register(t.app);
    const response = await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
    expect(response.statusCode).toBe(200);
    expect(stability.requests).toHaveLength(2);
    expect(clipdrop.requests).toHaveLength(1);
    expect(await ledgerOf(user.id)).toEqual([
      ['signup_bonus', 5],
      ['reservation', -1],
    ]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    const image = (
      await rows<{ provider: string }>(t.database.db, sql`SELECT provider FROM images WHERE user_id = ${user.id}`)
    )[0];
    expect(image?.provider).toBe('clipdrop');
    const attempts = await providerAttemptsOf(t.database.db, (await jobOf(user.id)).id);
    expect(attempts.map((a) => [a.provider, a.status, a.outcome, a.costUsd])).toEqual([
      ['stability', 503, 'retried', 0],
      ['stability', 503, 'failed', 0],
      // The fake Clipdrop says it consumed 1 credit; PROVIDER_PRICES_JSON prices one at $0.02.
      ['clipdrop', 200, 'ok', 0.02],
    ]);
    const after = await scrape();
    for (const [provider, outcome] of [
      ['stability', 'retried'],
      ['stability', 'failed'],
      ['clipdrop', 'ok'],
    ]) {
      const line = `lumigen_provider_requests_total{provider="${provider}",tool="remove-background",outcome="${outcome}"}`;
      expect(counter(after, line) - counter(before, line)).toBe(1);
    }
  });

  it('a 403 content moderation: no failover, refunded, said plainly', async () => {
    stability.answer({
      status: 403,
      name: 'content_moderation',
      errors: ['Your request was flagged by our content moderation system'],
    });
    const { token, user } = await register(t.app);
    const response = await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      message: messages.tool.rejected("the image service's content moderation refused this picture or its description"),
      creditBalance: 5,
    });
    expect(clipdrop.requests).toHaveLength(0);
    expect(stability.requests).toHaveLength(1);
    expect(await ledgerOf(user.id)).toEqual([
      ['signup_bonus', 5],
      ['reservation', -1],
      ['refund', 1],
    ]);
  });

  it('every provider failing: one refund', async () => {
    stability.answer({ status: 502, name: 'bad_gateway', errors: ['upstream'] });
    clipdrop.answer({ status: 500, error: 'internal' });
    const { token, user } = await register(t.app);
    const response = await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: messages.tool.failed, creditBalance: 5 });
    expect(await ledgerOf(user.id)).toEqual([
      ['signup_bonus', 5],
      ['reservation', -1],
      ['refund', 1],
    ]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    // Every call of every attempt of the job is kept, in order.
    const attempts = await providerAttemptsOf(t.database.db, (await jobOf(user.id)).id);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.slice(0, 3).map((a) => [a.provider, a.status])).toEqual([
      ['stability', 502],
      ['stability', 502],
      ['clipdrop', 500],
    ]);
    expect(attempts.every((a) => a.outcome !== 'ok')).toBe(true);
  });
});
