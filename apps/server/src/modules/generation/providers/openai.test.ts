import { imageSizes, modelForSize, type ImageSize } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { defaultImageModel } from '../../../config.ts';
import {
  daysFromToday,
  errorAnswer,
  flaggedWord,
  openAiShutdownDates,
  imagesAnswer,
  pngBase64,
  startFakeCompatibleServer,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../test/fake-openai.ts';
import {
  captureLogs,
  countRows,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  storedImageFiles,
  type TestContext,
} from '../../../test/harness.ts';

const apiKey = 'sk-test-0123456789';
const wide = { prompt: 'A cat riding a horse', model: 'dall-e-3', size: '1792x1024', quality: 'hd' };
// Long enough for two back-offs after a 500 (0.5 s, then 1 s), short enough to wait out once.
const timeoutSeconds = 3;
const qualities = ['standard', 'hd'] as const;

/** The env of an app whose generation goes to `baseUrl` with `model` (test payments on purpose). */
const openAiEnv = (baseUrl: string, model?: string): Record<string, string> => ({
  OPENAI_API_KEY: apiKey,
  OPENAI_BASE_URL: baseUrl,
  // These tests are about generation: the editing tools stay on this server (decision 050).
  TOOLS_PROVIDER: 'local',
  ...(model ? { OPENAI_IMAGE_MODEL: model } : {}),
  OPENAI_TIMEOUT_SECONDS: String(timeoutSeconds),
  OPENAI_MAX_RETRIES: '2',
  ALLOW_TEST_PAYMENTS: 'true',
  // Per million tokens of the default model: what each call's kept cost is counted at.
  PROVIDER_PRICES_JSON: JSON.stringify({
    [`openai:${defaultImageModel}:input`]: 5,
    [`openai:${defaultImageModel}:output`]: 40,
  }),
});

const requestFor = (size: ImageSize, quality: 'standard' | 'hd') => ({
  prompt: 'A lighthouse at dusk',
  model: modelForSize[size],
  size,
  quality,
});

/** The PNG of a generate-image answer, with its real dimensions. */
async function answeredImage(body: { image: string }) {
  const png = Buffer.from(body.image.slice('data:image/png;base64,'.length), 'base64');
  const { format, width, height } = await sharp(png).metadata();
  return { format, width, height };
}

const [firstKind] = databaseKinds as [(typeof databaseKinds)[number]];

describe('a gpt-image-1 family model: three fixed sizes, the closest in aspect ratio asked for', () => {
  let fake: FakeOpenAi;
  let t: TestContext;
  beforeAll(async () => {
    // gpt-image-1.5 is the family's last model at OpenAI (shut down 2026-12-01); kept alive here, as
    // an OpenAI-compatible server may keep it, so the family's request shape stays tested.
    fake = await startFakeOpenAi({ shutdowns: {} });
    t = await startTestApp(firstKind, openAiEnv(fake.baseUrl, 'gpt-image-1.5'));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const asked: Record<ImageSize, string> = {
    '256x256': '1024x1024',
    '512x512': '1024x1024',
    '1024x1024': '1024x1024',
    '1792x1024': '1536x1024',
    '1024x1792': '1024x1536',
  };
  const cases = imageSizes.flatMap((size) => qualities.map((quality) => [size, quality] as const));

  it.each(cases)('%s %s: the exact request, and a picture of exactly that size', async (size, quality) => {
    fake.answer();
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, requestFor(size, quality));
    expect(response.statusCode).toBe(200);
    expect(fake.requests.map((r) => [r.url, r.authorization, r.body])).toEqual([
      [
        '/v1/images/generations',
        `Bearer ${apiKey}`,
        {
          model: 'gpt-image-1.5',
          prompt: 'A lighthouse at dusk',
          size: asked[size],
          n: 1,
          quality: quality === 'hd' ? 'high' : 'medium',
        },
      ],
    ]);
    const [width, height] = size.split('x').map(Number);
    expect(await answeredImage(response.json())).toEqual({ format: 'png', width, height });
    const [row] = await rows<{ width: number; height: number; provider: string }>(
      t.database.db,
      sql`SELECT width, height, provider FROM images WHERE user_id = ${user.id}`,
    );
    expect(row).toEqual({ width, height, provider: 'openai' });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });
});

describe('a current GPT Image model (the default): the chosen size itself where the limits allow it', () => {
  let fake: FakeOpenAi;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(firstKind, openAiEnv(fake.baseUrl));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  // 256² and 512² are below the 655,360-pixel minimum: the smallest allowed square is drawn.
  const asked: Record<ImageSize, string> = {
    '256x256': '816x816',
    '512x512': '816x816',
    '1024x1024': '1024x1024',
    '1792x1024': '1792x1024',
    '1024x1792': '1024x1792',
  };
  const cases = imageSizes.flatMap((size) => qualities.map((quality) => [size, quality] as const));

  it.each(cases)('%s %s', async (size, quality) => {
    fake.answer();
    const { token } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, requestFor(size, quality));
    expect(response.statusCode).toBe(200);
    expect(fake.requests.map((r) => r.body)).toEqual([
      {
        model: 'gpt-image-2.6-flare',
        prompt: 'A lighthouse at dusk',
        size: asked[size],
        n: 1,
        quality: quality === 'hd' ? 'high' : 'medium',
      },
    ]);
    const [width, height] = size.split('x').map(Number);
    expect(await answeredImage(response.json())).toEqual({ format: 'png', width, height });
  });
});

describe.each([
  ['an image URL (LocalAI’s default)', 'url'],
  ['b64_json', 'b64_json'],
  ['a data: URL', 'data-url'],
] as const)('an OpenAI-compatible server answering %s', (_label, answer) => {
  let server: Awaited<ReturnType<typeof startFakeCompatibleServer>>;
  let t: TestContext;
  beforeAll(async () => {
    // It draws 512×512 whatever it is asked, as a model trained at that size does.
    server = await startFakeCompatibleServer({ answer, drawSize: { width: 512, height: 512 } });
    t = await startTestApp(firstKind, openAiEnv(server.baseUrl, 'stablediffusion'));
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const cases = imageSizes.flatMap((size) => qualities.map((quality) => [size, quality] as const));

  it.each(cases)('%s %s: the size sent as chosen, the picture scaled and cropped to it', async (size, quality) => {
    server.answer();
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, requestFor(size, quality));
    expect(response.statusCode).toBe(200);
    expect(server.requests.map((r) => r.body)).toEqual([
      { model: 'stablediffusion', prompt: 'A lighthouse at dusk', size, n: 1 },
    ]);
    const [width, height] = size.split('x').map(Number);
    expect(await answeredImage(response.json())).toEqual({ format: 'png', width, height });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });
});

describe('dall-e-2 and dall-e-3 on a compatible server that still answers to them', () => {
  let server: Awaited<ReturnType<typeof startFakeCompatibleServer>>;
  let t: TestContext;
  beforeAll(async () => {
    server = await startFakeCompatibleServer({ models: ['dall-e-2', 'dall-e-3'], answer: 'b64_json' });
    t = await startTestApp(firstKind, openAiEnv(server.baseUrl, 'dall-e-3'));
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('asks as before the shutdown: the tier’s model, base64, and quality to dall-e-3 only', async () => {
    const { token } = await register(t.app);
    server.answer();
    expect((await post(t.app, '/api/image/generate-image', token, wide)).statusCode).toBe(200);
    server.answer();
    expect(
      (await post(t.app, '/api/image/generate-image', token, { ...wide, model: 'dall-e-2', size: '256x256' }))
        .statusCode,
    ).toBe(200);
    expect(server.requests.map((r) => r.body)).toEqual([
      { model: 'dall-e-2', prompt: 'A cat riding a horse', size: '256x256', n: 1, response_format: 'b64_json' },
    ]);
  });
});

describe.each(databaseKinds)('OpenAI’s answers and failures behind generate-image on %s', (kind) => {
  let fake: FakeOpenAi;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(kind, openAiEnv(fake.baseUrl));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The user's credit is back, with a refund row answering the reservation, and no image kept. */
  async function expectRefunded(userId: string) {
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    const ledger = await rows<{ reason: string; delta: number; ref: string }>(
      t.database.db,
      sql`SELECT reason, delta, ref FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
    );
    expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
      ['signup_bonus', 5],
      ['reservation', -1],
      ['refund', 1],
    ]);
    expect(ledger[2]?.ref).toBe(ledger[1]?.ref);
    const [images] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM images WHERE user_id = ${userId}`,
    );
    expect(images?.n).toBe(0);
  }

  it('stores the PNG it answers, as it answered it', async () => {
    const b64 = await pngBase64(1792, 1024);
    fake.answer(imagesAnswer(b64));
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, creditBalance: 4, image: `data:image/png;base64,${b64}` });
    const [row] = await rows<{ provider: string; width: number; height: number; params: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT provider, width, height, params FROM images WHERE id = ${body.imageId}`,
    );
    expect(row).toMatchObject({
      provider: 'openai',
      width: 1792,
      height: 1024,
      params: { model: 'dall-e-3', providerModel: 'gpt-image-2.6-flare' },
    });
    expect(await storedImageFiles(t.location)).toHaveLength(1);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('a 429 is retried after the wait it asks for, then succeeds', async () => {
    fake.answer(
      errorAnswer(429, 'rate_limit_exceeded', 'Rate limit reached', { 'retry-after-ms': '20' }),
      imagesAnswer(await pngBase64(1792, 1024)),
    );
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('keeps each call to OpenAI with its job, with the tokens it reported and their cost at the listed prices', async () => {
    const answered = imagesAnswer(await pngBase64(1792, 1024));
    const usage = { input_tokens: 40, output_tokens: 4000, total_tokens: 4040 };
    fake.answer(errorAnswer(500, null, 'The server had an error while processing your request.'), {
      ...answered,
      body: { ...(answered.body as object), usage },
    });
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(200);
    const calls = await rows<{ provider: string; endpoint: string; status: number; outcome: string; usage: unknown }>(
      t.database.db,
      sql`SELECT a.provider, a.endpoint, a.status, a.outcome, a.usage, a.cost_usd::float AS cost
          FROM job_provider_attempts a JOIN jobs j ON j.id = a.job_id WHERE j.user_id = ${user.id} ORDER BY a.seq`,
    );
    expect(calls).toEqual([
      {
        provider: 'openai',
        endpoint: '/v1/images/generations',
        status: 500,
        outcome: 'retried',
        usage: {},
        cost: null,
      },
      {
        provider: 'openai',
        endpoint: '/v1/images/generations',
        status: 200,
        outcome: 'ok',
        usage,
        cost: expect.any(Number),
      },
    ]);
    // The listed prices (openAiEnv): 5 US$ per million input tokens, 40 per million output tokens.
    expect((calls[1] as unknown as { cost: number }).cost).toBeCloseTo((40 * 5 + 4000 * 40) / 1e6, 8);
  });

  it('a flagged prompt (moderation_blocked) answers 400 in plain words, not retried, refunded', async () => {
    fake.answer();
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, {
      ...wide,
      prompt: `a ${flaggedWord} in the park`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: messages.contentPolicy, creditBalance: 5 });
    expect(fake.requests).toHaveLength(1);
    await expectRefunded(user.id);
  });

  it.each([
    [
      'an older content-policy rejection answers 400 in plain words, not retried',
      errorAnswer(400, 'content_policy_violation', 'Your request was rejected as a result of our safety system.'),
      400,
      messages.contentPolicy,
      1,
    ],
    [
      'a 500 is retried twice, then answers 502',
      errorAnswer(500, null, 'The server had an error while processing your request.'),
      502,
      messages.providerFailed,
      3,
    ],
    // The SDK itself would retry 409 (and 408): a 4xx must be answered, never repeated.
    [
      'a 401 is not retried',
      errorAnswer(401, 'invalid_api_key', 'Incorrect API key provided'),
      502,
      messages.providerFailed,
      1,
    ],
    ['a 409 is not retried', errorAnswer(409, null, 'Conflict'), 502, messages.providerFailed, 1],
    [
      'another 400 is not retried',
      errorAnswer(400, 'invalid_value', 'Invalid value.', undefined, 'size'),
      502,
      messages.providerFailed,
      1,
    ],
    [
      'an answer that is not an image',
      imagesAnswer(Buffer.from('definitely not a png').toString('base64')),
      502,
      messages.providerFailed,
      1,
    ],
    // The timeout bounds the whole call: no second attempt once it ran out.
    [
      'a provider slower than the timeout',
      { ...imagesAnswer('never delivered'), delayMs: timeoutSeconds * 1000 + 2000 },
      502,
      messages.providerTimeout,
      1,
    ],
  ] as const)('%s; the credit is refunded', async (_label, answer, status, message, attempts) => {
    fake.answer(answer);
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, wide);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, message, creditBalance: 5 });
    expect(fake.requests).toHaveLength(attempts);
    await expectRefunded(user.id);
  });

  it('tells the web app that OpenAI answers, not the local preview, and that generation is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(response.json()).toMatchObject({ success: true, generation: 'openai', localPreview: false, tools: 'local' });
    // A generation by OpenAI is priced as one, never as a local preview (decision 051).
    expect(response.json().prices.generation).toEqual({ credits: 1, preview: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      generation: 'ok',
    });
  });
});

describe('a configured model the provider does not offer', () => {
  it('is named at start-up with the models that are; health says so; generation answers 503 and charges nothing', async () => {
    const fake = await startFakeOpenAi();
    const { lines, logger } = captureLogs();
    const t = await startTestApp(firstKind, { ...openAiEnv(fake.baseUrl, 'dall-e-3'), LOG_LEVEL: 'info' }, { logger });
    try {
      const errors = lines.filter((line) => line.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.msg).toMatch(
        /OPENAI_IMAGE_MODEL=dall-e-3 is not offered by the image provider; image models it offers: gpt-image-2\.6-flare, .*gpt-image-2(, |\. )/,
      );
      expect(errors[0]?.msg).not.toMatch(/whisper|embedding/);

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', database: 'up', generation: 'misconfigured' });

      const { token, user } = await register(t.app);
      const response = await post(t.app, '/api/image/generate-image', token, wide);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, message: messages.generationUnavailable });
      expect(fake.requests).toHaveLength(0);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      expect(await countRows(t.database, 'credit_reservations')).toBe(0);
      // The rest of the product keeps running.
      expect((await post(t.app, '/api/image/get-credit', token)).statusCode).toBe(200);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('a model_not_found answer is handled the same way: refunded, then 503 without asking again', async () => {
    const fake = await startFakeOpenAi();
    const t = await startTestApp(firstKind, openAiEnv(fake.baseUrl, 'gpt-image-2'));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ generation: 'ok' });
      // The account loses access after start-up.
      fake.listModels(['gpt-image-2.5-flare']);
      fake.answer();
      const { token, user } = await register(t.app);
      const first = await post(t.app, '/api/image/generate-image', token, wide);
      expect(first.statusCode).toBe(503);
      expect(first.json()).toEqual({ success: false, message: messages.generationUnavailable, creditBalance: 5 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        generation: 'misconfigured',
      });

      const second = await post(t.app, '/api/image/generate-image', token, wide);
      expect(second.statusCode).toBe(503);
      expect(fake.requests).toHaveLength(1);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('a provider that cannot list its models leaves generation on', async () => {
    const server = await startFakeCompatibleServer({ answer: 'b64_json' });
    // A server without the models route answers 404 there.
    const t = await startTestApp(firstKind, { ...openAiEnv(`${server.origin}/elsewhere/v1`, 'stablediffusion') });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ generation: 'ok' });
    } finally {
      await t.close();
      await server.close();
    }
  });
});

describe('a configured model whose shutdown OpenAI has announced', () => {
  it('is named at start-up with its date and the model to configure instead; health says deprecated; generation still served', async () => {
    const date = daysFromToday(3);
    const fake = await startFakeOpenAi({ shutdowns: { ...openAiShutdownDates, 'gpt-image-2': date } });
    const { lines, logger } = captureLogs();
    const t = await startTestApp(
      firstKind,
      { ...openAiEnv(fake.baseUrl, 'gpt-image-2'), LOG_LEVEL: 'info' },
      { logger },
    );
    try {
      const warnings = lines.filter((line) => line.level === 40 && String(line.msg).includes('shuts down'));
      expect(warnings.map((line) => [line.msg, line.shutdownDate, line.replacement])).toEqual([
        [
          `OPENAI_IMAGE_MODEL=gpt-image-2 shuts down on ${date}: set OPENAI_IMAGE_MODEL=gpt-image-2.6-flare before then. Generation keeps working until that day.`,
          date,
          'gpt-image-2.6-flare',
        ],
      ]);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        status: 'ok',
        generation: 'deprecated',
      });

      const { token, user } = await register(t.app);
      const response = await post(t.app, '/api/image/generate-image', token, wide);
      expect(response.statusCode).toBe(200);
      expect(fake.requests.map((r) => r.body.model)).toEqual(['gpt-image-2']);
      expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 4, ledgerSum: 4 });
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('past its date the model is gone: not offered at start-up, 404 model_not_found, 503 with nothing charged', async () => {
    const fake = await startFakeOpenAi({ shutdowns: { ...openAiShutdownDates, 'gpt-image-2': daysFromToday(-1) } });
    const t = await startTestApp(firstKind, openAiEnv(fake.baseUrl, 'gpt-image-2'));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        generation: 'misconfigured',
      });
      const { token, user } = await register(t.app);
      const response = await post(t.app, '/api/image/generate-image', token, wide);
      expect(response.statusCode).toBe(503);
      expect(fake.requests).toHaveLength(0);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('the fake follows OpenAI: gpt-image-1, shut down on 2026-10-23, is answered 404 model_not_found', async () => {
    const fake = await startFakeOpenAi();
    try {
      const answer = await fetch(`${fake.baseUrl}/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ model: 'gpt-image-1', prompt: 'A lighthouse', size: '1024x1024' }),
      });
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('model_not_found');
      const listed = (
        (await (await fetch(`${fake.baseUrl}/models`)).json()) as { data: Array<{ id: string }> }
      ).data.map((m) => m.id);
      expect(listed).not.toContain('gpt-image-1');
    } finally {
      await fake.close();
    }
  });
});

describe('a failing OpenAI call', () => {
  it('is logged once where it failed, with the error, its cause and the provider status and code', async () => {
    const fake = await startFakeOpenAi();
    const { lines, logger } = captureLogs();
    const t = await startTestApp(
      firstKind,
      { ...openAiEnv(fake.baseUrl, 'gpt-image-2'), LOG_LEVEL: 'info' },
      { logger },
    );
    try {
      fake.answer(
        errorAnswer(403, 'organization_not_verified', 'Your organization must be verified to use this model.'),
      );
      const { token } = await register(t.app);
      expect((await post(t.app, '/api/image/generate-image', token, wide)).statusCode).toBe(502);
      const failures = lines.filter((line) => line.msg === 'generation failed');
      expect(failures).toHaveLength(1);
      const { err, providerStatus } = failures[0] as {
        err: {
          type: string;
          message: string;
          stack: string;
          status: number;
          cause: { status: number; code: string; message: string };
        };
        providerStatus: number;
      };
      expect(providerStatus).toBe(403);
      expect([err.type, err.message, err.status]).toEqual([
        'GenerationProviderError',
        'the provider answered 403',
        403,
      ]);
      expect(err.stack).toContain('GenerationProviderError: the provider answered 403');
      expect(err.cause).toMatchObject({ status: 403, code: 'organization_not_verified' });
      expect(err.cause.message).toContain('Your organization must be verified');
      expect(lines.filter((line) => line.msg === 'job failed')).toHaveLength(0);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('the start-up line', () => {
  it('names the provider of generation (with its model), tools, payments, storage and mail', async () => {
    const fake = await startFakeOpenAi();
    const { lines, logger } = captureLogs();
    const t = await startTestApp(
      firstKind,
      { ...openAiEnv(fake.baseUrl, 'gpt-image-2'), LOG_LEVEL: 'info' },
      { logger },
    );
    try {
      const line = lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('providers: '));
      expect(line?.msg).toBe(
        `providers: generation: openai (gpt-image-2); tools: local; payments: local (test mode: no money moves); storage: files in ${t.location.dataDir}/images; mail: outbox in ${t.location.dataDir}/outbox`,
      );
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('image URLs from an OpenAI-compatible server: fetched only where it may point', () => {
  let server: Awaited<ReturnType<typeof startFakeCompatibleServer>>;
  let t: TestContext;
  let port: string;
  const logs = captureLogs();
  beforeAll(async () => {
    server = await startFakeCompatibleServer({ answer: 'url' });
    port = new URL(server.origin).port;
    // The base URL names the server `localhost`: 127.0.0.1 is then another host.
    t = await startTestApp(
      firstKind,
      { ...openAiEnv(`http://localhost:${port}/v1`, 'stablediffusion'), LOG_LEVEL: 'warn' },
      { logger: logs.logger },
    );
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const linking = (url: string) => server.answer({ status: 200, body: { created: 1, data: [{ url }] } });

  it.each([
    [
      'a redirect to 127.0.0.1',
      () =>
        `http://localhost:${port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/latest/meta-data/iam/security-credentials/`)}`,
    ],
    [
      'a redirect to 169.254.169.254',
      () =>
        `http://localhost:${port}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/iam/security-credentials/')}`,
    ],
    ['plain http to another host', () => `http://127.0.0.1:${port}/latest/meta-data/iam/security-credentials/`],
    ['https to a private address', () => 'https://10.0.0.7/image.png'],
    ['https to a link-local address', () => 'https://[fe80::1]/image.png'],
  ])('refuses %s: the job fails, is refunded, and the log says why', async (_label, url) => {
    linking(url());
    const fetchedBefore = server.fetched.length;
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/generate-image', token, requestFor('256x256', 'standard'));
    expect(response.statusCode).toBe(502);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    expect(server.fetched.slice(fetchedBefore).filter((hit) => hit.includes('/latest/meta-data'))).toEqual([]);
    expect(JSON.stringify(logs.lines)).toContain('refused the linked image');
  });

  it('still fetches a URL on the base URL’s own host', async () => {
    server.linkFrom(`http://localhost:${port}`);
    server.answer();
    const { token } = await register(t.app);
    expect((await post(t.app, '/api/image/generate-image', token, requestFor('256x256', 'standard'))).statusCode).toBe(
      200,
    );
  });
});
