import { openAiImagesResponse } from '@lumigen/contract/drop-in';
import { messages } from '@lumigen/contract/messages';
import OpenAI, { APIError, toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKey, revokeKey } from '../../test/api-keys.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { pngOf } from '../../test/tool-calls.ts';

const width = 96;
const height = 64;

/** OpenAI's mask: fully transparent over the left half (what may change), opaque elsewhere. */
async function transparentLeftMask() {
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width / 2; x += 1) rgba[(y * width + x) * 4 + 3] = 0;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

async function refusal(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof APIError)) throw new Error(`expected the client to throw an APIError, got ${String(error)}`);
  return error;
}

/** `POST /v1/images/edits` driven by the official `openai` client pointed at our server (decision 057). */
describe.each(databaseKinds)('the OpenAI-shaped edits endpoint on %s', (kind) => {
  let upstream: FakeOpenAi;
  let t: TestContext;
  let baseURL: string;
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL, maxRetries: 0 });

  beforeAll(async () => {
    upstream = await startFakeOpenAi();
    t = await startTestApp(kind, {
      OPENAI_API_KEY: 'sk-upstream',
      OPENAI_BASE_URL: upstream.baseUrl,
      GENERATION_PROVIDER: 'local',
      TOOLS_PROVIDER: 'local',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    baseURL = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/v1`;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });
  beforeEach(() => upstream.answer());

  it('edits the masked area of a picture for one credit, in OpenAI’s answer shape', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token, { name: 'openai script' });

    // The call as a script written for OpenAI makes it, with only the base URL and key changed:
    //   const client = new OpenAI({ apiKey: 'lk_…', baseURL: 'https://lumigen.example/v1' });
    //   await client.images.edit({ model: 'gpt-image-2', image: [photo], mask, prompt: 'make it night', size: 'auto', quality: 'high', n: 1 });
    const answer = await client(key).images.edit({
      model: 'gpt-image-2',
      image: [await toFile(await pngOf(width, height, '#c03030'), 'photo.png', { type: 'image/png' })],
      mask: await toFile(await transparentLeftMask(), 'mask.png', { type: 'image/png' }),
      prompt: 'make it night',
      size: 'auto',
      quality: 'high',
      n: 1,
    });
    expect(openAiImagesResponse.parse(answer)).toEqual({
      created: expect.any(Number),
      data: [{ b64_json: expect.any(String) }],
    });
    const png = await sharp(Buffer.from(answer.data![0]!.b64_json!, 'base64')).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', width, height]);

    // Upstream got the same convention back: transparent where the caller's mask was.
    const sent = upstream.requests.find((request) => request.url === '/v1/images/edits')!;
    expect(sent.body).toMatchObject({ prompt: 'make it night', quality: 'high' });
    // The caller waits for the picture: no partial pictures are asked for (docs/decisions/058).
    expect(sent.body.stream).toBeUndefined();
    const mask = await sharp(sent.files!.mask!.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(mask.data[(2 * mask.info.width + 2) * 4 + 3]).toBe(0);
    expect(mask.data[((mask.info.height - 3) * mask.info.width + mask.info.width - 3) * 4 + 3]).toBe(255);
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 4, ledgerSum: 4 });
  });

  it('refuses a mask without an alpha channel as OpenAI does, and charges nothing', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    const opaque = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const error = await refusal(
      client(key).images.edit({
        image: await toFile(await pngOf(width, height), 'photo.png', { type: 'image/png' }),
        mask: await toFile(opaque, 'mask.png', { type: 'image/png' }),
        prompt: 'snow',
      }),
    );
    expect(error.status).toBe(400);
    expect(error.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/alpha channel/),
    });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('answers 402 past the key’s daily cap and when the balance is spent', async () => {
    const { token } = await register(t.app);
    const { key } = await createKey(t, token, { name: 'capped', dailyCreditCap: 1 });
    const photo = async () => toFile(await pngOf(width, height), 'photo.png', { type: 'image/png' });
    await client(key).images.edit({ image: await photo(), prompt: 'snow' });
    const capped = await refusal(client(key).images.edit({ image: await photo(), prompt: 'rain' }));
    expect(capped.status).toBe(402);
    expect(capped.error).toMatchObject({ message: messages.apiKey.capReached(1), code: 'insufficient_quota' });

    const other = await createKey(t, token, { name: 'uncapped' });
    for (let i = 0; i < 4; i += 1) expect((await post(t.app, '/api/image/deduct-credit', token)).statusCode).toBe(200);
    const spent = await refusal(client(other.key).images.edit({ image: await photo(), prompt: 'fog' }));
    expect(spent.status).toBe(402);
    expect(spent.error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
  });

  it('answers 401 to a revoked key', async () => {
    const { token } = await register(t.app);
    const revoked = await createKey(t, token);
    await revokeKey(t.app, token, revoked.id);
    const error = await refusal(
      client(revoked.key).images.edit({
        image: await toFile(await pngOf(width, height), 'photo.png', { type: 'image/png' }),
        prompt: 'snow',
      }),
    );
    expect(error.status).toBe(401);
    expect(error.error).toMatchObject({ message: messages.apiKey.revoked, code: 'invalid_api_key' });
  });
});
