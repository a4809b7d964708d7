import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisedToolSize, type ToolFields, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pngSource } from '../../../lib/image-bytes.ts';
import { errorAnswer, flaggedWord, startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { picturePng } from '../../../test/pictures.ts';
import type { MaskFinder } from './masks.ts';
import { createOpenAiEditsProvider } from './openai-edits.ts';
import { ToolProviderError, type CheckedImage, type ProviderCall, type ToolInput } from './provider.ts';

const width = 96;
const height = 64;
const model = 'gpt-image-2.6-flare';
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

const fieldsOf: Partial<Record<ToolId, ToolFields>> = {
  cleanup: { mode: 'fast' },
  'remove-text': {},
  uncrop: { extend_left: 50, extend_right: -10, extend_up: 20, extend_down: 0 },
  'replace-background': { prompt: 'a sunny beach with palm trees' },
  reimagine: {},
};

/** Alpha of the mask at a point, in the mask's own pixels. */
async function alphaAt(png: Buffer, x: number, y: number): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * 4 + 3]!;
}

describe('OpenAI image edits provider', () => {
  let fake: FakeOpenAi;
  let dir: string;
  let image: CheckedImage;
  let mask: CheckedImage;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    dir = await mkdtemp(path.join(tmpdir(), 'openai-edits-'));
    const photo = await picturePng(width, height);
    await writeFile(path.join(dir, 'image.png'), photo);
    image = { path: path.join(dir, 'image.png'), size: photo.length, type: 'image/png', width, height };
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
    fake.answer();
    textFound = true;
  });

  const provider = () =>
    createOpenAiEditsProvider({
      apiKey: 'sk-edits-test',
      baseUrl: fake.baseUrl,
      model,
      timeoutMs: 10_000,
      masks,
      retryDelayMs: 5,
    });
  const input = (tool: ToolId, calls: ProviderCall[] = []): ToolInput => ({
    tool,
    image,
    ...(tool === 'cleanup' ? { mask } : {}),
    fields: fieldsOf[tool]!,
    report: (call) => calls.push(call),
  });

  it.each(Object.keys(fieldsOf) as ToolId[])(
    '%s: /v1/images/edits with the mask in OpenAI convention, answered at exactly the promised size',
    async (tool) => {
      const calls: ProviderCall[] = [];
      const answer = await provider().run(input(tool, calls));
      const [request] = fake.requests;
      expect(request).toMatchObject({ method: 'POST', url: '/v1/images/edits', authorization: 'Bearer sk-edits-test' });
      expect(request!.body).toMatchObject({ model, n: '1' });
      const [drawnWidth, drawnHeight] = String(request!.body.size).split('x').map(Number);
      expect(drawnWidth! % 16).toBe(0);
      const sent = await sharp(request!.files!.image!.bytes).metadata();
      expect([sent.width, sent.height]).toEqual([drawnWidth, drawnHeight]);
      if (tool === 'reimagine') expect(request!.files!.mask).toBeUndefined();
      else {
        const maskPng = request!.files!.mask!.bytes;
        const meta = await sharp(maskPng).metadata();
        expect(meta.hasAlpha).toBe(true);
        expect([meta.width, meta.height]).toEqual([drawnWidth, drawnHeight]);
        if (tool === 'uncrop') {
          // The new margins (left 50 of 136, top 20 of 84) may change; the picture itself may not.
          expect(await alphaAt(maskPng, 1, Math.round(drawnHeight! / 2))).toBe(0);
          expect(await alphaAt(maskPng, drawnWidth! - 2, drawnHeight! - 2)).toBe(255);
          expect((await sharp(request!.files!.image!.bytes).metadata()).hasAlpha).toBe(true);
        } else {
          // Our white (the left half: what goes, the text, the background) is OpenAI's transparent.
          expect(await alphaAt(maskPng, 1, 1)).toBe(0);
          expect(await alphaAt(maskPng, drawnWidth! - 2, 1)).toBe(255);
        }
      }
      if (tool === 'replace-background') expect(request!.body.prompt).toContain('a sunny beach with palm trees');
      const promised = promisedToolSize(tool, image, fieldsOf[tool]!) ?? { width, height };
      const meta = await sharp(pngSource(answer.png)).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(promised);
      expect([answer.width, answer.height]).toEqual([promised.width, promised.height]);
      expect(calls).toEqual([
        expect.objectContaining({
          endpoint: '/v1/images/edits',
          status: 200,
          usage: { input_tokens: 1200, output_tokens: 4000, total_tokens: 5200 },
        }),
      ]);
    },
  );

  it('the fake refuses a mask OpenAI refuses: another size, or no alpha channel', async () => {
    const form = new FormData();
    form.set('model', model);
    form.set('prompt', 'x');
    form.set('image', new Blob([new Uint8Array(await picturePng(64, 64))], { type: 'image/png' }), 'image.png');
    form.set(
      'mask',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0000' } })
              .png()
              .toBuffer(),
          ),
        ],
        { type: 'image/png' },
      ),
      'mask.png',
    );
    const wrongSize = await fetch(`${fake.baseUrl}/images/edits`, { method: 'POST', body: form });
    expect(wrongSize.status).toBe(400);
    expect(((await wrongSize.json()) as { error: { code: string } }).error.code).toBe('invalid_value');
    form.set(
      'mask',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
              .png()
              .toBuffer(),
          ),
        ],
        { type: 'image/png' },
      ),
      'mask.png',
    );
    const opaque = await fetch(`${fake.baseUrl}/images/edits`, { method: 'POST', body: form });
    expect(opaque.status).toBe(400);
  });

  it("a prompt its safety system refuses is the user's content: rejected, said plainly", async () => {
    const error = await provider()
      .run({ tool: 'replace-background', image, fields: { prompt: `a ${flaggedWord}` } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolProviderError);
    expect(error).toMatchObject({
      failure: 'rejected_input',
      reason: "the image service's content moderation refused this picture or its description",
    });
  });

  it('remove-text with no text found refuses and calls nothing', async () => {
    textFound = false;
    await expect(provider().run(input('remove-text'))).rejects.toMatchObject({ failure: 'rejected_input' });
    expect(fake.requests).toEqual([]);
  });

  it("a 500 is tried once more, then fails over as the provider's own failure", async () => {
    fake.answer(errorAnswer(500, null, 'The server had an error'));
    const calls: ProviderCall[] = [];
    await expect(provider().run(input('reimagine', calls))).rejects.toMatchObject({ failure: 'failed', status: 500 });
    expect(calls.map((call) => call.status)).toEqual([500, 500]);
  });

  it("an account out of quota is the operator's: unavailable, not retried", async () => {
    fake.answer(errorAnswer(429, 'insufficient_quota', 'You exceeded your current quota'));
    await expect(provider().run(input('reimagine'))).rejects.toMatchObject({ failure: 'unavailable' });
    expect(fake.requests).toHaveLength(1);
  });
});
