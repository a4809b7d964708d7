import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { errorAnswer, imagesAnswer, pngBase64, startFakeOpenAi } from '../../../test/fake-openai.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, storedImageFiles, type TestContext } from '../../../test/harness.ts';

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

const apiKey = 'sk-test-0123456789';
const wide = { prompt: 'A cat riding a horse', model: 'dall-e-3', size: '1792x1024', quality: 'hd' };
const small = { prompt: 'A cat riding a horse', model: 'dall-e-2', size: '256x256', quality: 'hd' };
// Long enough for two back-offs after a 500 (0.5 s, then 1 s), short enough to wait out once.
const timeoutSeconds = 3;

describe.each(databaseKinds)('the OpenAI provider behind generate-image on %s', (kind) => {
  let fake: FakeOpenAi;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(kind, { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: fake.baseUrl, OPENAI_TIMEOUT_SECONDS: String(timeoutSeconds), OPENAI_MAX_RETRIES: '2' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The user's credit is back, with a refund row answering the reservation, and no image kept. */
  async function expectRefunded(userId: string) {
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    const ledger = await rows<{ reason: string; delta: number; ref: string }>(t.database.db, sql`SELECT reason, delta, ref FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`);
    expect(ledger.map((r) => [r.reason, r.delta])).toEqual([['signup_bonus', 5], ['reservation', -1], ['refund', 1]]);
    expect(ledger[2]?.ref).toBe(ledger[1]?.ref);
    const [images] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM images WHERE user_id = ${userId}`);
    expect(images?.n).toBe(0);
  }

  it('sends the documented request and stores the PNG it answers', async () => {
    const b64 = await pngBase64(1792, 1024);
    fake.answer(imagesAnswer(b64));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        url: '/v1/images/generations',
        authorization: `Bearer ${apiKey}`,
        body: { model: 'dall-e-3', prompt: 'A cat riding a horse', size: '1792x1024', quality: 'hd', n: 1, response_format: 'b64_json' },
      },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, creditBalance: 4, image: `data:image/png;base64,${b64}` });
    const [row] = await rows<{ provider: string; width: number; height: number }>(t.database.db, sql`SELECT provider, width, height FROM images WHERE id = ${body.imageId}`);
    expect(row).toEqual({ provider: 'openai', width: 1792, height: 1024 });
    expect(await storedImageFiles(t.location)).toHaveLength(1);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('sends no quality to dall-e-2, which has only one', async () => {
    fake.answer(imagesAnswer(await pngBase64(256, 256)));
    const { token } = await register(t.app);
    expect((await post(t.app, '/api/image/generate-image', token, small)).statusCode).toBe(200);
    expect(fake.requests[0]?.body).toEqual({ model: 'dall-e-2', prompt: 'A cat riding a horse', size: '256x256', n: 1, response_format: 'b64_json' });
  });

  it('a 429 is retried after the wait it asks for, then succeeds', async () => {
    fake.answer(errorAnswer(429, 'rate_limit_exceeded', 'Rate limit reached', { 'retry-after-ms': '20' }), imagesAnswer(await pngBase64(1792, 1024)));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it.each([
    ['a content-policy rejection answers 400 in plain words, not retried', errorAnswer(400, 'content_policy_violation', 'Your request was rejected as a result of our safety system.'), 400, messages.contentPolicy, 1],
    ['a 500 is retried twice, then answers 502', errorAnswer(500, null, 'The server had an error while processing your request.'), 502, messages.providerFailed, 3],
    // The SDK itself would retry 409 (and 408): a 4xx must be answered, never repeated.
    ['a 401 is not retried', errorAnswer(401, 'invalid_api_key', 'Incorrect API key provided'), 502, messages.providerFailed, 1],
    ['a 409 is not retried', errorAnswer(409, null, 'Conflict'), 502, messages.providerFailed, 1],
    ['another 400 is not retried', errorAnswer(400, 'invalid_size', 'The size is not supported by this model.'), 502, messages.providerFailed, 1],
    ['an answer that is not an image', imagesAnswer(Buffer.from('definitely not a png').toString('base64')), 502, messages.providerFailed, 1],
    // The timeout bounds the whole call: no second attempt once it ran out.
    ['a provider slower than the timeout', { ...imagesAnswer('never delivered'), delayMs: timeoutSeconds * 1000 + 2000 }, 502, messages.providerTimeout, 1],
  ] as const)('%s; the credit is refunded', async (_label, answer, status, message, attempts) => {
    fake.answer(answer);
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, message, creditBalance: 5 });
    expect(fake.requests).toHaveLength(attempts);
    await expectRefunded(user.id);
  });

  it('tells the web app that OpenAI answers, not the local preview', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(response.json()).toEqual({ success: true, generation: 'openai', localPreview: false, tools: 'local' });
  });
});
