import { randomBytes } from 'node:crypto';
import OpenAI, { APIError, toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxOpenAiEditImages, startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { picturePng } from './pictures.ts';

async function refusal(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
  return error;
}

const png = async (bytes: Buffer, name = 'image.png') => toFile(bytes, name, { type: 'image/png' });

/** The fake refuses on `/v1/images/edits` what OpenAI refuses, in OpenAI's error shape (400 invalid_request_error). */
describe('the fake OpenAI’s edit refusals', () => {
  let fake: FakeOpenAi;
  let client: OpenAI;
  let photo: Buffer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.baseUrl, maxRetries: 0 });
    photo = await picturePng(64, 64);
  });
  afterAll(() => fake.close());

  const edit = (image: Awaited<ReturnType<typeof png>>[], mask?: Awaited<ReturnType<typeof png>>) =>
    client.images.edit({ model: 'gpt-image-2', image, prompt: 'snow', ...(mask ? { mask } : {}) });

  it(`takes ${maxOpenAiEditImages} pictures and refuses one more`, async () => {
    const pictures = await Promise.all(Array.from({ length: maxOpenAiEditImages }, () => png(photo)));
    expect((await edit(pictures)).data?.[0]?.b64_json).toEqual(expect.any(String));
    const error = await refusal(edit([...pictures, await png(photo)]));
    expect(error.status).toBe(400);
    expect(error.error).toEqual({
      message: expect.stringContaining('too many images (17)'),
      type: 'invalid_request_error',
      param: 'image',
      code: 'invalid_value',
    });
  });

  it('refuses a mask of another size, one without alpha, and one of 4 MB or more', async () => {
    const clear = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer();
    const opaque = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    // Noise does not compress: 1100×1000 RGBA is some 4.4 MB of PNG.
    const huge = await sharp(randomBytes(1100 * 1000 * 4), { raw: { width: 1100, height: 1000, channels: 4 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.length).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    for (const [mask, words] of [
      [await clear(32, 32), /mask size does not match image size/],
      [opaque, /must have an alpha channel/],
      [huge, /less than 4MB/],
    ] as const) {
      const error = await refusal(edit([await png(photo)], await png(mask, 'mask.png')));
      expect(error.status).toBe(400);
      expect(error.error).toMatchObject({
        type: 'invalid_request_error',
        param: 'mask',
        message: expect.stringMatching(words),
      });
    }
    expect((await edit([await png(photo)], await png(await clear(64, 64), 'mask.png'))).data).toHaveLength(1);
  });
});
