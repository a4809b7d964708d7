import { dimensionsOf } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catRequest } from '../../test/job-calls.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { picturePng } from '../../test/pictures.ts';
import type { GeneratedImage, GenerationInput, GenerationProvider } from '../generation/index.ts';

const metricsToken = 'unusable-budget-token-0123456789';

/** A provider whose pictures keep being refunded must not have the operator pay it without end. */
describe.each(databaseKinds)('the daily budget of unusable-output refunds on %s', (kind) => {
  let t: TestContext;
  let black = true;
  const paint = async ({ size }: GenerationInput): Promise<GeneratedImage> => {
    const { width, height } = dimensionsOf(size);
    if (!black) return { png: await picturePng(width, height), width, height };
    return {
      png: await sharp({ create: { width, height, channels: 3, background: '#000000' } })
        .png()
        .toBuffer(),
      width,
      height,
    };
  };
  const generationProvider: GenerationProvider = { name: 'local', generate: paint };
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { UNUSABLE_REFUNDS_PER_DAY: '3', METRICS_TOKEN: metricsToken },
      { generationProvider },
    );
  });
  afterAll(() => t.close());

  it("refunds every unusable output, and past the budget refuses the account's paid work until 00:00 UTC, counted", async () => {
    const { token, user } = await register(t.app);
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(t.app, '/api/image/generate-image', token, catRequest);
      expect([answer.statusCode, answer.json().message]).toEqual([502, messages.unusable.black]);
    }
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 7 });

    black = false;
    const refused = await post(t.app, '/api/image/generate-image', token, catRequest);
    expect([refused.statusCode, refused.json().message]).toEqual([429, messages.unusableBudgetSpent(3)]);
    const untilMidnight = Math.ceil(
      (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) /
        1000,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(untilMidnight + 1);
    expect((await post(t.app, '/api/jobs/generate', token, catRequest)).statusCode).toBe(429);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 7 });

    // Another account is not affected.
    const other = await register(t.app);
    expect((await post(t.app, '/api/image/generate-image', other.token, catRequest)).statusCode).toBe(200);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.body).toMatch(/^lumigen_paid_work_refused_unusable_budget_total 2$/m);
  });
});
