import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { startFakeClipdrop, type ClipdropAnswer, type FakeClipdrop } from '../test/fake-clipdrop.ts';
import { imagesAnswer, startFakeOpenAi, type FakeAnswer, type FakeOpenAi } from '../test/fake-openai.ts';
import { catRequest, submitGeneration, submitTool, waitForJob } from '../test/job-calls.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../test/harness.ts';
import { callTool, imagePart, pngOf } from '../test/tool-calls.ts';

/*
 * Decision 026: a provider that times out, answers garbage or resets the connection. Whichever
 * route the paid work came through (the specification's call that waits, or a job), the user is told in
 * plain words that the credit was given back, and the ledger shows exactly that: one reservation,
 * one refund, no image.
 */

// Short provider timeouts, so a provider that never answers is given up on quickly; not shorter:
// the calls that must succeed take over 1 s on a loaded CI machine (502 where 200 was due).
const env = {
  ALLOW_TEST_PAYMENTS: 'true',
  OPENAI_API_KEY: 'sk-test-faults',
  OPENAI_TIMEOUT_SECONDS: '3',
  OPENAI_MAX_RETRIES: '0',
  CLIPDROP_API_KEY: 'clipdrop-test-faults',
  TOOLS_PROVIDER: 'clipdrop',
  CLIPDROP_TIMEOUT_SECONDS: '3',
};
const slower = 6_000;

type Fault = 'timeout' | 'garbage' | 'reset';
const openAiFaults: Record<Fault, FakeAnswer> = {
  timeout: { ...imagesAnswer('never delivered'), delayMs: slower },
  garbage: imagesAnswer(Buffer.from('<html>maintenance</html>').toString('base64')),
  reset: { status: 200, reset: true },
};
const clipdropFaults: Record<Fault, ClipdropAnswer> = {
  timeout: { image: 'png', delayMs: slower },
  garbage: { status: 200, raw: Buffer.from('{"result": "ok"'), contentType: 'image/png' },
  reset: { reset: true },
};
const expected: Record<'generation' | 'tool', Record<Fault, { status: number; message: string }>> = {
  generation: {
    timeout: { status: 502, message: messages.providerTimeout },
    garbage: { status: 502, message: messages.providerFailed },
    reset: { status: 502, message: messages.providerFailed },
  },
  tool: {
    timeout: { status: 502, message: messages.tool.timeout },
    garbage: { status: 502, message: messages.tool.failed },
    reset: { status: 502, message: messages.tool.failed },
  },
};

const faults: Fault[] = ['timeout', 'garbage', 'reset'];
const routes = ['/api/image', '/api/jobs'] as const;
const cases = faults.flatMap((fault) =>
  routes.flatMap((route) => (['generation', 'tool'] as const).map((work) => [fault, work, route] as const)),
);

describe.each(databaseKinds)('provider faults on %s', (kind) => {
  let openai: FakeOpenAi;
  let clipdrop: FakeClipdrop;
  let t: TestContext;
  let photo: Buffer;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    clipdrop = await startFakeClipdrop();
    t = await startTestApp(kind, { ...env, OPENAI_BASE_URL: openai.baseUrl, CLIPDROP_BASE_URL: clipdrop.baseUrl });
    photo = await pngOf(96, 64);
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
    await clipdrop?.close();
  });

  /** The failure as the user sees it: the specification's call answers it, a job ends with it. */
  async function failWith(work: 'generation' | 'tool', route: (typeof routes)[number], token: string) {
    if (route === '/api/image') {
      const response =
        work === 'generation'
          ? await post(t.app, '/api/image/generate-image', token, catRequest)
          : await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
      return { status: response.statusCode, body: response.json() as Record<string, unknown> };
    }
    const accepted =
      work === 'generation'
        ? await submitGeneration(t.app, token)
        : await submitTool(t.app, token, 'remove-background', [imagePart(photo)]);
    expect(accepted.statusCode).toBe(202);
    const job = await waitForJob(t.app, token, accepted.json().jobId);
    return { status: job.status, body: { message: job.message, imageId: job.imageId } };
  }

  it.each(cases)(
    '%s of the %s provider through %s: a clear message, the credit given back',
    async (fault, work, route) => {
      if (work === 'generation') openai.answer(openAiFaults[fault]);
      else clipdrop.answer(clipdropFaults[fault]);
      const { token, user } = await register(t.app);

      const { status, body } = await failWith(work, route, token);
      const want = expected[work][fault];
      if (route === '/api/image') {
        expect(status).toBe(want.status);
        expect(body).toEqual({ success: false, message: want.message, creditBalance: 5 });
      } else {
        expect(status).toBe('failed');
        expect(body).toEqual({ message: want.message, imageId: null });
      }
      expect((work === 'generation' ? openai : clipdrop).requests.length).toBeGreaterThan(0);

      // Charged once, refunded once, against the same reservation; nothing kept.
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      const ledger = await rows<{ reason: string; delta: number; ref: string }>(
        t.database.db,
        sql`SELECT reason, delta, ref FROM credit_ledger WHERE user_id = ${user.id} ORDER BY id`,
      );
      expect(ledger.map((row) => [row.reason, row.delta])).toEqual([
        ['signup_bonus', 5],
        ['reservation', -1],
        ['refund', 1],
      ]);
      expect(ledger[2]?.ref).toBe(ledger[1]?.ref);
      expect(await rows(t.database.db, sql`SELECT 1 FROM images WHERE user_id = ${user.id}`)).toHaveLength(0);

      // The provider is back: the same user's next call is served and charged once.
      if (work === 'generation') openai.answer();
      else clipdrop.answer({ image: 'png' });
      const again =
        work === 'generation'
          ? await post(t.app, '/api/image/generate-image', token, catRequest)
          : await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
      expect(again.statusCode).toBe(200);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 4 });
    },
  );
});
