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

  it('a content-policy rejection answers 400 in plain words, is not retried, and refunds', async () => {
    fake.answer(errorAnswer(400, 'content_policy_violation', 'Your request was rejected as a result of our safety system.'));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: messages.contentPolicy, creditBalance: 5 });
    expect(fake.requests).toHaveLength(1);
    await expectRefunded(user.id);
  });

  it('a 429 is retried after the wait it asks for, then succeeds', async () => {
    fake.answer(errorAnswer(429, 'rate_limit_exceeded', 'Rate limit reached', { 'retry-after-ms': '20' }), imagesAnswer(await pngBase64(1792, 1024)));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('a 500 is retried twice, then answers 502 and refunds', async () => {
    fake.answer(errorAnswer(500, null, 'The server had an error while processing your request.'));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, message: messages.providerFailed, creditBalance: 5 });
    expect(fake.requests).toHaveLength(3);
    await expectRefunded(user.id);
  });

  // The SDK itself would retry 409 (and 408); a 4xx must be answered, never repeated.
  it.each([
    [401, 'invalid_api_key', 'Incorrect API key provided'],
    [409, null, 'Conflict'],
    [400, 'invalid_size', 'The size is not supported by this model.'],
  ])('a %i is not retried: 502 and refunded', async (status, code, message) => {
    fake.answer(errorAnswer(status, code, message), imagesAnswer(await pngBase64(1792, 1024)));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(messages.providerFailed);
    expect(fake.requests).toHaveLength(1);
    await expectRefunded(user.id);
  });

  it('an answer that is not an image answers 502 and refunds', async () => {
    fake.answer(imagesAnswer(Buffer.from('definitely not a png').toString('base64')));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(502);
    await expectRefunded(user.id);
  });

  it('a provider slower than the timeout answers 502 in plain words and refunds', async () => {
    fake.answer({ ...imagesAnswer(await pngBase64(1792, 1024)), delayMs: timeoutSeconds * 1000 + 2000 });
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, message: messages.providerTimeout, creditBalance: 5 });
    // The timeout bounds the whole call: no second attempt after it ran out.
    expect(fake.requests).toHaveLength(1);
    await expectRefunded(user.id);
  });

  it('tells the web app that OpenAI answers, not the local preview', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(response.json()).toEqual({ success: true, generation: 'openai', localPreview: false });
  });
});
