import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dimensionsOf } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import sharp, { type Color, type Sharp } from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEdit, fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { catRequest, submitGeneration, submitTool, waitForJob } from '../../test/job-calls.ts';
import {
  captureLogs,
  countRows,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { picturePng } from '../../test/pictures.ts';
import { callTool, defaultFields, imagePart, pngOf } from '../../test/tool-calls.ts';
import type { GeneratedImage, GenerationInput, GenerationProvider } from '../generation/index.ts';
import type { ToolInput } from '../tools/index.ts';
import { assertUsableOutput, flatness } from './usable-output.ts';

const metricsToken = 'unusable-metrics-token-0123456789';

type Png = { png: Buffer; width: number; height: number };
const png = async (image: Sharp): Promise<Png> => {
  const bytes = await image.png().toBuffer();
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return { png: bytes, width, height };
};
const flat = (width: number, height: number, background: Color, channels: 3 | 4 = 3) =>
  png(sharp({ create: { width, height, channels, background } }));

/** The pictures a provider might answer that nobody can use, each with the words the user reads. */
const unusable = {
  black: (width: number, height: number) => flat(width, height, '#000000'),
  transparent: (width: number, height: number) => flat(width, height, { r: 255, g: 255, b: 255, alpha: 0 }, 4),
  oneColour: (width: number, height: number) => flat(width, height, '#c8a2c8'),
};

describe.each(databaseKinds)('unusable provider output on %s', (kind) => {
  let t: TestContext;
  const logs = captureLogs();
  // What the providers answer next; by default a real-looking picture of the promised size.
  let paint: (input: GenerationInput) => Promise<GeneratedImage>;
  let edit: (input: ToolInput) => Promise<Png>;
  const goodPaint = async ({ size }: GenerationInput) => {
    const { width, height } = dimensionsOf(size);
    return { png: await picturePng(width, height), width, height };
  };
  const goodEdit = (input: ToolInput) => fakeEdit(input.tool, input.image.path, input.fields);
  const generationProvider: GenerationProvider = { name: 'local', generate: (input) => paint(input) };
  const tools = fakeToolProvider((input) => edit(input));

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { METRICS_TOKEN: metricsToken, LOG_LEVEL: 'warn' },
      { generationProvider, toolProvider: tools.provider, logger: logs.logger },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    paint = goodPaint;
    edit = goodEdit;
  });

  /** Refunded: the balance is back to the sign-up bonus, equal to the ledger, and no image was kept. */
  async function expectRefunded(userId: string, imagesBefore: number) {
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    expect(await countRows(t.database, 'images')).toBe(imagesBefore);
  }

  describe('POST /api/image/generate-image (the specification’s call)', () => {
    it.each([
      ['black', unusable.black, messages.unusable.black],
      ['transparent', unusable.transparent, messages.unusable.transparent],
      ['one colour', unusable.oneColour, messages.unusable.oneColour],
    ] as const)('an all-%s answer is a refunded 502 that says so', async (_name, make, message) => {
      paint = async ({ size }) => make(dimensionsOf(size).width, dimensionsOf(size).height);
      const { token, user } = await register(t.app);
      const before = await countRows(t.database, 'images');
      const answer = await post(t.app, '/api/image/generate-image', token, catRequest);
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toEqual({ success: false, message, creditBalance: 5 });
      await expectRefunded(user.id, before);
    });

    it('a picture of another size than the one chosen is refunded, naming both sizes', async () => {
      paint = async () => png(sharp(await picturePng(128, 128)));
      const { token, user } = await register(t.app);
      const before = await countRows(t.database, 'images');
      const answer = await post(t.app, '/api/image/generate-image', token, catRequest);
      expect(answer.statusCode).toBe(502);
      expect(answer.json().message).toBe(
        'The provider returned a 128×128 image instead of 256×256; your credit was refunded.',
      );
      await expectRefunded(user.id, before);
    });

    it('a real picture is delivered and charged once', async () => {
      const { token, user } = await register(t.app);
      const answer = await post(t.app, '/api/image/generate-image', token, catRequest);
      expect(answer.statusCode).toBe(200);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    });
  });

  describe('POST /api/image/tools/:tool (the specification’s call)', () => {
    it.each([
      [
        'all black',
        async (input: ToolInput) => unusable.black(input.image.width, input.image.height),
        messages.unusable.black,
      ],
      [
        'transparent',
        async (input: ToolInput) => unusable.transparent(input.image.width, input.image.height),
        messages.unusable.transparent,
      ],
      // The provider hands back the very picture it was sent.
      [
        'the input unchanged',
        async (input: ToolInput) => png(sharp(await readFile(input.image.path))),
        messages.unusable.unchanged,
      ],
    ] as const)('remove-background answering %s: a refunded 502 with the reason', async (_name, answer, message) => {
      edit = answer;
      const { token, user } = await register(t.app);
      const before = await countRows(t.database, 'images');
      const response = await callTool(t.app, token, 'remove-background', [imagePart(await pngOf(96, 64))]);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ success: false, message, creditBalance: 5 });
      await expectRefunded(user.id, before);
    });

    it('upscale answering the input at its own size, not the target: refunded, naming both sizes', async () => {
      edit = async (input) => png(sharp(await readFile(input.image.path)));
      const { token, user } = await register(t.app);
      const before = await countRows(t.database, 'images');
      const response = await callTool(t.app, token, 'upscale', [
        imagePart(await pngOf(96, 64)),
        ['target_width', '192'],
        ['target_height', '128'],
      ]);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        'The provider returned a 96×64 image instead of 192×128; your credit was refunded.',
      );
      await expectRefunded(user.id, before);
    });

    it('remove-text may answer the picture unchanged (a photo without text): delivered and charged', async () => {
      edit = async (input) => png(sharp(await readFile(input.image.path)));
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'remove-text', [imagePart(await pngOf(96, 64))]);
      expect(response.statusCode).toBe(200);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    });

    it('a black cut-out on a transparent canvas is a picture: delivered and charged', async () => {
      edit = async (input) => {
        const { width, height } = input.image;
        const silhouette = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#000"/></svg>`;
        return png(sharp(Buffer.from(silhouette)).ensureAlpha());
      };
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'remove-background', [imagePart(await pngOf(96, 64))]);
      expect(response.statusCode).toBe(200);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    });
  });

  describe('the jobs API', () => {
    it('a generation job answered all black fails with the reason, refunded', async () => {
      paint = async ({ size }) => unusable.black(dimensionsOf(size).width, dimensionsOf(size).height);
      const { token, user } = await register(t.app);
      const before = await countRows(t.database, 'images');
      const job = await waitForJob(t.app, token, (await submitGeneration(t.app, token)).json().jobId);
      expect(job).toMatchObject({ status: 'failed', message: messages.unusable.black, imageId: null });
      await expectRefunded(user.id, before);
    });

    it('a replace-background job answered with the input unchanged fails with the reason, refunded', async () => {
      edit = async (input) => png(sharp(await readFile(input.image.path)));
      const { token, user } = await register(t.app);
      const before = await countRows(t.database, 'images');
      const accepted = await submitTool(t.app, token, 'replace-background', [
        imagePart(await pngOf(96, 64)),
        ...defaultFields('replace-background'),
      ]);
      const job = await waitForJob(t.app, token, accepted.json().jobId);
      expect(job).toMatchObject({ status: 'failed', message: messages.unusable.unchanged, imageId: null });
      await expectRefunded(user.id, before);
    });

    it('counts each refusal by provider, tool and reason, and logs it with the provider and the tool', async () => {
      const scrape = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      const counted = (labels: string) =>
        Number(new RegExp(`^lumigen_unusable_outputs_total\\{${labels}\\} (\\d+)$`, 'm').exec(scrape.body)?.[1] ?? 0);
      // Every test above ran before this one (vitest runs a file's tests in order).
      expect(counted('provider="local",tool="generation",reason="black"')).toBe(2);
      expect(counted('provider="local",tool="remove-background",reason="unchanged"')).toBe(1);
      expect(counted('provider="local",tool="upscale",reason="wrong_size"')).toBe(1);
      expect(counted('provider="local",tool="replace-background",reason="unchanged"')).toBe(1);
      const logged = logs.lines.filter((line) => line.msg === 'provider answered an unusable image; refunded');
      expect(logged).toContainEqual(
        expect.objectContaining({ tool: 'remove-background', provider: 'local', reason: 'transparent' }),
      );
      expect(logged).toHaveLength(10);
    });
  });
});

describe('assertUsableOutput', () => {
  it('tolerates JPEG noise in a flat picture: still one colour', async () => {
    const noisy = await sharp(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a7a7a' } })
        .jpeg({ quality: 60 })
        .toBuffer(),
    )
      .png()
      .toBuffer();
    await expect(assertUsableOutput(noisy, {})).rejects.toThrow(messages.unusable.oneColour);
  });

  it('judges the whole picture: flat everywhere but its last pixel, or transparent but for it, is a picture', async () => {
    const width = 1500;
    const height = 40;
    const flatRgba = (r: number, g: number, b: number, a: number) =>
      Buffer.from(Array.from({ length: width * height }, () => [r, g, b, a]).flat());
    const lastPixel = (data: Buffer, rgba: number[]) => (data.set(rgba, data.length - 4), data);
    const asPng = (data: Buffer) =>
      sharp(data, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
    // The scan may stop early only once nothing can make the picture unusable: here only the end does.
    expect(flatness(flatRgba(0, 0, 0, 255), 4)).toBe('black');
    expect(flatness(lastPixel(flatRgba(0, 0, 0, 255), [200, 10, 10, 255]), 4)).toBeUndefined();
    expect(flatness(flatRgba(255, 255, 255, 0), 4)).toBe('transparent');
    expect(flatness(lastPixel(flatRgba(255, 255, 255, 0), [255, 255, 255, 255]), 4)).toBeUndefined();
    expect(flatness(flatRgba(120, 80, 200, 255), 4)).toBe('one_colour');
    expect(flatness(Buffer.from([10, 10, 10, 13, 10, 10]), 3)).toBeUndefined();
    expect(flatness(Buffer.from([10, 10, 10, 12, 10, 10]), 3)).toBe('one_colour');
    await expect(
      assertUsableOutput(await asPng(lastPixel(flatRgba(120, 80, 200, 255), [10, 200, 30, 255])), {}),
    ).resolves.toBeUndefined();
    await expect(assertUsableOutput(await asPng(flatRgba(120, 80, 200, 255)), {})).rejects.toThrow(
      messages.unusable.oneColour,
    );
  });

  it('accepts a dark but real picture, and a picture that changed only in one corner', async () => {
    const dark = await picturePng(64, 64, '#050505');
    await expect(assertUsableOutput(dark, {})).resolves.toBeUndefined();
    const input = await picturePng(256, 256);
    const dir = await mkdtemp(path.join(tmpdir(), 'usable-'));
    try {
      const inputPath = path.join(dir, 'input.png');
      await writeFile(inputPath, input);
      const corner = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const touched = await sharp(input)
        .composite([{ input: corner, left: 0, top: 0 }])
        .png()
        .toBuffer();
      await expect(assertUsableOutput(touched, { changedFrom: inputPath })).resolves.toBeUndefined();
      await expect(assertUsableOutput(input, { changedFrom: inputPath })).rejects.toThrow(messages.unusable.unchanged);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
