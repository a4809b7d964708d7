import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisedToolSize, type ToolFields, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pngSource } from '../../../lib/image-bytes.ts';
import { startFakeStability, type FakeStability } from '../../../test/fake-stability.ts';
import { picturePng } from '../../../test/pictures.ts';
import type { MaskFinder } from './masks.ts';
import type { CheckedImage, ProviderCall, ToolInput } from './provider.ts';
import { ToolProviderError } from './provider.ts';
import { createStabilityProvider } from './stability.ts';

const apiKey = 'sk-stability-test-1';
const width = 96;
const height = 64;

/** A found mask: the left half is text (or background), white = change. */
const halfMask = () => {
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) pixels.fill(255, y * width, y * width + width / 2);
  return { pixels, width, height };
};
let textFound = true;
const masks: MaskFinder = {
  text: async () => (textFound ? halfMask() : undefined),
  background: async () => halfMask(),
};

/** Stability's reference, spelled out here: each tool's endpoint and the text fields it is sent. */
const expected: Record<ToolId, { path: string; fields: Record<string, string>; imageField: string; mask?: boolean }> = {
  'remove-background': {
    path: '/v2beta/stable-image/edit/remove-background',
    fields: { output_format: 'png' },
    imageField: 'image',
  },
  cleanup: {
    path: '/v2beta/stable-image/edit/erase',
    fields: { output_format: 'png' },
    imageField: 'image',
    mask: true,
  },
  'remove-text': {
    path: '/v2beta/stable-image/edit/erase',
    fields: { output_format: 'png' },
    imageField: 'image',
    mask: true,
  },
  uncrop: {
    path: '/v2beta/stable-image/edit/outpaint',
    fields: { left: '50', right: '0', up: '20', down: '0', output_format: 'png' },
    imageField: 'image',
  },
  'replace-background': {
    path: '/v2beta/stable-image/edit/replace-background-and-relight',
    fields: { background_prompt: 'a sunny beach with palm trees', output_format: 'png' },
    imageField: 'subject_image',
  },
  'product-photography': {
    path: '/v2beta/stable-image/edit/replace-background-and-relight',
    fields: {
      background_prompt: 'a clean professional product photography studio backdrop, soft seamless surface',
      preserve_original_subject: '1',
      light_source_direction: 'right',
      light_source_strength: '0.35',
      output_format: 'png',
    },
    imageField: 'subject_image',
  },
  upscale: { path: '/v2beta/stable-image/upscale/fast', fields: { output_format: 'png' }, imageField: 'image' },
  reimagine: {
    path: '/v2beta/stable-image/generate/ultra',
    fields: {
      prompt: 'a new take on this picture: the same subject and scene, reimagined',
      strength: '0.6',
      output_format: 'png',
    },
    imageField: 'image',
  },
};
const fieldsOf: Record<ToolId, ToolFields> = {
  'remove-background': {},
  cleanup: { mode: 'fast' },
  'remove-text': {},
  uncrop: { extend_left: 50, extend_right: -10, extend_up: 20, extend_down: 0 },
  'replace-background': { prompt: 'a sunny beach with palm trees' },
  'product-photography': { light_theta: 20, light_phi: 90, light_size: 1.7, shadow_darkness: 0.7 },
  upscale: { target_width: 300, target_height: 200 },
  reimagine: {},
};

describe('Stability AI v2beta provider', () => {
  let fake: FakeStability;
  let dir: string;
  let image: CheckedImage;
  let mask: CheckedImage;

  beforeAll(async () => {
    fake = await startFakeStability({ pending: 2 });
    dir = await mkdtemp(path.join(tmpdir(), 'stability-'));
    const photo = await picturePng(width, height);
    await writeFile(path.join(dir, 'image.png'), photo);
    image = { path: path.join(dir, 'image.png'), size: photo.length, type: 'image/png', width, height };
    // Our cleanup mask: white where the user painted (the left half).
    const maskPng = await sharp(halfMask().pixels, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    await writeFile(path.join(dir, 'mask.png'), maskPng);
    mask = { path: path.join(dir, 'mask.png'), size: maskPng.length, type: 'image/png', width, height };
  });
  afterAll(async () => {
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.answer({ image: 'png' });
    textFound = true;
  });

  const provider = (timeoutMs = 10_000) =>
    createStabilityProvider({ apiKey, baseUrl: fake.baseUrl, timeoutMs, masks, pollMs: 5, retryDelayMs: 5 });
  const input = (tool: ToolId, calls: ProviderCall[] = []): ToolInput => ({
    tool,
    image,
    ...(tool === 'cleanup' ? { mask } : {}),
    fields: fieldsOf[tool],
    report: (call) => calls.push(call),
  });

  it.each(Object.keys(expected) as ToolId[])(
    '%s: the endpoint, fields and files of the reference, and exactly the promised size',
    async (tool) => {
      const calls: ProviderCall[] = [];
      const answer = await provider().run(input(tool, calls));
      const [post, ...rest] = fake.requests;
      expect(post).toMatchObject({ method: 'POST', path: expected[tool].path, authorization: `Bearer ${apiKey}` });
      expect(post!.fields).toEqual(expected[tool].fields);
      expect(Object.keys(post!.files).sort()).toEqual(
        [expected[tool].imageField, ...(expected[tool].mask ? ['mask'] : [])].sort(),
      );
      if (tool === 'replace-background' || tool === 'product-photography') {
        // Asynchronous: `{ id }` as JSON, then the result polled until it is ready.
        expect(post!.accept).toBe('application/json');
        expect(rest.map((r) => r.method + ' ' + r.path)).toEqual(
          ['GET /v2beta/results/job1', 'GET /v2beta/results/job1', 'GET /v2beta/results/job1'].map((line) =>
            line.replace('job1', rest[0]!.path.split('/').pop()!),
          ),
        );
        expect(rest[0]!.accept).toBe('image/*');
      } else {
        expect(post!.accept).toBe('image/*');
        expect(rest).toEqual([]);
      }
      if (expected[tool].mask) {
        // Stability's erase mask: white = erase, where our mask (or the text found) was white.
        const { data, info } = await sharp(post!.files.mask!.bytes)
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([width, height]);
        expect(data[0]).toBe(255);
        expect(data[width - 1]).toBe(0);
      }
      if (tool === 'uncrop') {
        // The negative right side was cropped here: Stability gets the narrower picture.
        expect((await sharp(post!.files.image!.bytes).metadata()).width).toBe(width - 10);
      }
      const promised = promisedToolSize(tool, image, fieldsOf[tool]) ?? { width, height };
      expect({ width: answer.width, height: answer.height }).toEqual(promised);
      const meta = await sharp(pngSource(answer.png)).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(promised);
      expect(calls.at(-1)).toMatchObject({ endpoint: expected[tool].path, status: 200 });
      expect(calls.at(-1)!.usage!.credits).toBeGreaterThan(0);
    },
  );

  it('upscales a picture over a megapixel on upscale/conservative, with the prompt it requires', async () => {
    const big = await picturePng(1200, 1000);
    await writeFile(path.join(dir, 'big.png'), big);
    const answer = await provider().run({
      tool: 'upscale',
      image: { path: path.join(dir, 'big.png'), size: big.length, type: 'image/png', width: 1200, height: 1000 },
      fields: { target_width: 2400, target_height: 2000 },
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/v2beta/stable-image/upscale/conservative',
      fields: { prompt: 'the same picture, sharp and detailed', output_format: 'png' },
    });
    expect([answer.width, answer.height]).toEqual([2400, 2000]);
  });

  it('remove-text with no text found refuses as the local tool does, and calls nothing', async () => {
    textFound = false;
    const error = await provider()
      .run(input('remove-text'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolProviderError);
    expect(error).toMatchObject({ failure: 'rejected_input', reason: 'no text was found in the image' });
    expect(fake.requests).toEqual([]);
  });

  it.each([
    [400, 'bad_request', 'rejected_input', 1],
    [413, 'payload_too_large', 'rejected_input', 1],
    [422, 'invalid_input', 'rejected_input', 1],
    [403, 'content_moderation', 'rejected_input', 1],
    [402, 'payment_required', 'unavailable', 1],
    [401, 'unauthorized', 'unavailable', 1],
    [429, 'rate_limited', 'rate_limited', 2],
    [503, 'server_error', 'failed', 2],
  ] as const)('%i %s: %s after %i call(s)', async (status, name, failure, count) => {
    fake.answer({ status, name, errors: [`${name}: something about the request`] });
    const calls: ProviderCall[] = [];
    const error = (await provider()
      .run(input('remove-background', calls))
      .catch((e: unknown) => e)) as ToolProviderError;
    expect(error).toBeInstanceOf(ToolProviderError);
    expect(error.failure).toBe(failure);
    expect(error.status).toBe(status);
    expect(fake.requests).toHaveLength(count);
    expect(calls.map((call) => call.status)).toEqual(Array(count).fill(status));
    if (status === 403)
      expect(error.reason).toBe("the image service's content moderation refused this picture or its description");
  });

  it('a 503 then a picture: the one retry answers', async () => {
    fake.answer({ status: 503, name: 'server_error', errors: ['try again'] }, { image: 'png' });
    const answer = await provider().run(input('remove-background'));
    expect(answer.width).toBe(width);
    expect(fake.requests).toHaveLength(2);
  });

  it('an asynchronous result not ready within the timeout is a timeout', async () => {
    const slow = await startFakeStability({ pending: 1000 });
    try {
      const error = await createStabilityProvider({ apiKey, baseUrl: slow.baseUrl, timeoutMs: 300, masks, pollMs: 20 })
        .run(input('replace-background'))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'timeout' });
    } finally {
      await slow.close();
    }
  });
});
