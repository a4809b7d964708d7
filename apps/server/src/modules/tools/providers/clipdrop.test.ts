import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { toolIds, type ToolId } from '@lumigen/contract/tools';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { heldPngBytes } from '../../../lib/image-bytes.ts';
import { startFakeClipdrop, type ClipdropAnswer, type FakeClipdrop } from '../../../test/fake-clipdrop.ts';
import { resultSize } from '../../../test/fake-tool-provider.ts';
import {
  databaseKinds,
  ledgerState,
  register,
  startTestApp,
  storedImageFiles,
  type TestContext,
} from '../../../test/harness.ts';
import {
  callTool,
  decodeAnswer,
  defaultFields,
  imagePart,
  jpegOf,
  maskOf,
  maskPart,
  pngOf,
  webpOf,
  type Part,
} from '../../../test/tool-calls.ts';
import { createClipdropProvider } from './clipdrop.ts';

const apiKey = 'cd-test-key-7f3a9c';

/** docs/product.md §7, spelled out here rather than read from the adapter under test. */
const endpoints: Record<ToolId, string> = {
  'remove-background': '/remove-background/v1',
  'product-photography': '/product-photography/v1',
  'replace-background': '/replace-background/v1',
  reimagine: '/reimagine/v1/reimagine',
  upscale: '/image-upscaling/v1/upscale',
  uncrop: '/uncrop/v1',
  cleanup: '/cleanup/v1',
  'remove-text': '/remove-text/v1',
};

/** The text fields Clipdrop receives when the page sends its defaults. */
const sentFields: Record<ToolId, Record<string, string>> = {
  'remove-background': {},
  'remove-text': {},
  reimagine: {},
  'product-photography': { light_theta: '20', light_phi: '0', light_size: '1.7', shadow_darkness: '0.7' },
  'replace-background': { prompt: 'a sunlit marble kitchen counter' },
  upscale: { target_width: '1024', target_height: '1024' },
  uncrop: { extend_left: '50', extend_right: '50', extend_up: '50', extend_down: '50' },
  cleanup: { mode: 'quality' },
};

const formats = ['png', 'jpeg', 'webp'] as const;

describe.each(databaseKinds)('editing through Clipdrop on %s', (kind) => {
  let clipdrop: FakeClipdrop;
  let t: TestContext;
  const logLines: string[] = [];
  let photo: Buffer;
  let mask: Buffer;
  const validParts = (tool: ToolId): Part[] => [
    imagePart(photo),
    ...defaultFields(tool),
    ...(tool === 'cleanup' ? [maskPart(mask)] : []),
  ];

  beforeAll(async () => {
    clipdrop = await startFakeClipdrop();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
    const env = {
      ALLOW_TEST_PAYMENTS: 'true',
      CLIPDROP_API_KEY: apiKey,
      TOOLS_PROVIDER: 'clipdrop',
      CLIPDROP_BASE_URL: clipdrop.baseUrl,
      CLIPDROP_TIMEOUT_SECONDS: '2',
      LOG_LEVEL: 'info',
    };
    t = await startTestApp(kind, env, { logger: { stream } });
    photo = await pngOf(320, 240);
    mask = await maskOf(320, 240);
  });
  afterAll(async () => {
    await t.close();
    await clipdrop.close();
  });

  it.each(toolIds.map((tool, i) => [tool, formats[i % formats.length]!] as const))(
    '%s posts its endpoint with the key, the fields and the file; a %s answer becomes a stored PNG',
    async (tool, format) => {
      clipdrop.answer({ image: format });
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, tool, validParts(tool));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ success: true, message: 'Image edited', creditBalance: 4 });

      expect(clipdrop.requests).toHaveLength(1);
      const [request] = clipdrop.requests;
      expect(request?.path).toBe(endpoints[tool]);
      expect(request?.apiKey).toBe(apiKey);
      expect(request?.fields).toEqual(sentFields[tool]);
      expect(Object.keys(request?.files ?? {}).sort()).toEqual(
        tool === 'cleanup' ? ['image_file', 'mask_file'] : ['image_file'],
      );
      expect(request?.files.image_file).toMatchObject({ type: 'image/png', filename: 'image.png' });
      expect(request?.files.image_file?.bytes.equals(photo)).toBe(true);
      if (tool === 'cleanup') expect(request?.files.mask_file?.bytes.equals(mask)).toBe(true);

      const expected = resultSize(
        tool,
        320,
        240,
        Object.fromEntries(Object.entries(sentFields[tool]).map(([k, v]) => [k, Number(v)])),
      );
      const result = await decodeAnswer(body.image);
      expect([result.format, result.width, result.height]).toEqual(['png', expected.width, expected.height]);
      const [row] = await rows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT * FROM images WHERE id = ${body.imageId}`,
      );
      expect(row).toMatchObject({
        user_id: user.id,
        kind: tool,
        provider: 'clipdrop',
        ...expected,
        byte_size: result.png.length,
      });
      const file = (await storedImageFiles(t.location)).find((f) => path.basename(f) === row?.storage_key);
      expect(file && (await readFile(file)).equals(result.png)).toBe(true);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    },
  );

  it('sends a JPEG or WebP upload as it came, and a JPEG mask as PNG (Clipdrop reads PNG masks only)', async () => {
    const { token } = await register(t.app);
    const jpeg = await jpegOf(64, 32);
    const webp = await webpOf(32, 64);
    clipdrop.answer({ image: 'png' });
    expect(
      (await callTool(t.app, token, 'remove-background', [imagePart(jpeg, 'a.bin', 'application/octet-stream')]))
        .statusCode,
    ).toBe(200);
    expect((await callTool(t.app, token, 'reimagine', [imagePart(webp)])).statusCode).toBe(200);
    expect(
      (
        await callTool(t.app, token, 'cleanup', [
          imagePart(jpeg),
          maskPart(await maskOf(64, 32, 'jpeg'), 'mask.jpg', 'image/jpeg'),
        ])
      ).statusCode,
    ).toBe(200);
    const [first, second, third] = clipdrop.requests;
    expect(first?.files.image_file).toMatchObject({ type: 'image/jpeg', filename: 'image.jpg' });
    expect(first?.files.image_file?.bytes.equals(jpeg)).toBe(true);
    expect(second?.files.image_file).toMatchObject({ type: 'image/webp', filename: 'image.webp' });
    expect(second?.files.image_file?.bytes.equals(webp)).toBe(true);
    expect(third?.files.mask_file).toMatchObject({ type: 'image/png', filename: 'mask.png' });
    const sentMask = await sharp(third!.files.mask_file!.bytes).metadata();
    expect([sentMask.format, sentMask.width, sentMask.height]).toEqual(['png', 64, 32]);
  });

  describe('every failure is refunded: the balance unchanged, a refund row, no image', () => {
    const unavailable =
      'The editing service is unavailable right now. Please try again later; your credit was refunded.';
    const failed = 'The editing service could not edit this image. Please try again; your credit was refunded.';
    it.each<[string, ClipdropAnswer, number, string, Record<string, string>?]>([
      [
        '400 with a reason',
        { status: 400, error: 'Invalid image: the file could not be decoded' },
        422,
        'The editing service could not process this image (Invalid image: the file could not be decoded). Your credit was refunded.',
      ],
      [
        '422 with a reason',
        { status: 422, error: 'No subject was found in the image' },
        422,
        'The editing service could not process this image (No subject was found in the image). Your credit was refunded.',
      ],
      [
        '400 without a body',
        { status: 400 },
        422,
        'The editing service could not process this image. Your credit was refunded.',
      ],
      ['401 (no valid key)', { status: 401, error: 'Invalid API key' }, 503, unavailable],
      ['402 (no credits left)', { status: 402, error: 'Not enough credits' }, 503, unavailable],
      ['403 (key revoked)', { status: 403, error: 'Forbidden' }, 503, unavailable],
      [
        '429 with Retry-After',
        { status: 429, error: 'Too many requests', headers: { 'retry-after': '30' } },
        429,
        'The editing service is busy. Please try again in a moment; your credit was refunded.',
        { 'retry-after': '30' },
      ],
      ['500', { status: 500, error: 'Internal error' }, 502, failed],
      ['503', { status: 503, error: 'Service unavailable' }, 502, failed],
      ['404 (a wrong base address)', { status: 404, error: 'Not found' }, 502, failed],
      [
        '200 with a web page',
        { status: 200, raw: Buffer.from('<!doctype html><p>maintenance</p>'), contentType: 'text/html' },
        502,
        failed,
      ],
      [
        'an answer slower than the timeout',
        { image: 'png', delayMs: 2_500 },
        502,
        'The editing service took too long to answer. Please try again; your credit was refunded.',
      ],
    ])('%s', async (label, answer, status, message, headers = {}) => {
      clipdrop.answer(answer);
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'product-photography', validParts('product-photography'));
      expect(response.json()).toEqual({ success: false, message, creditBalance: 5 });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject(headers);
      // A 429 or 5xx is retried once by the job queue (decision 022); charged once, refunded once.
      expect(clipdrop.requests).toHaveLength(['429 with Retry-After', '500', '503'].includes(label) ? 2 : 1);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      const reasons = await rows<{ reason: string; delta: number }>(
        t.database.db,
        sql`SELECT reason, delta FROM credit_ledger WHERE user_id = ${user.id} ORDER BY id`,
      );
      expect(reasons).toEqual([
        { reason: 'signup_bonus', delta: 5 },
        { reason: 'reservation', delta: -1 },
        { reason: 'refund', delta: 1 },
      ]);
      expect(await rows(t.database.db, sql`SELECT 1 FROM images WHERE user_id = ${user.id}`)).toHaveLength(0);
    });
  });

  describe('an answer larger than heldPngBytes', () => {
    /** A picture of noise (which does not compress), so its PNG is larger than the server holds. */
    const noise = (width: number, height: number) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      });

    it("is written to a file as it arrives, and that file is the provider's answer; a small one is held", async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'clipdrop-answer-'));
      try {
        const provider = createClipdropProvider({ apiKey, baseUrl: clipdrop.baseUrl, timeoutMs: 5_000 });
        const upload = path.join(dir, 'image');
        await writeFile(upload, await jpegOf(1600, 1200));
        const image = {
          path: upload,
          size: (await readFile(upload)).length,
          type: 'image/jpeg' as const,
          width: 1600,
          height: 1200,
        };
        const large = await noise(1600, 1200).png().toBuffer();
        expect(large.length).toBeGreaterThan(heldPngBytes);
        clipdrop.answer({ status: 200, raw: large, contentType: 'image/png' });
        const spillTo = path.join(dir, 'answer');
        const result = await provider.run({ tool: 'remove-background', image, fields: {}, spillTo });
        expect(result).toEqual({ png: { path: spillTo, size: large.length }, width: 1600, height: 1200 });
        expect((await readFile(spillTo)).equals(large)).toBe(true);

        clipdrop.answer({ image: 'png' });
        const small = await provider.run({
          tool: 'remove-background',
          image,
          fields: {},
          spillTo: path.join(dir, 'second-answer'),
        });
        expect(Buffer.isBuffer(small.png)).toBe(true);
        expect(existsSync(path.join(dir, 'second-answer'))).toBe(false);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it.each([
      ['png', 1600, 1200],
      ['jpeg', 2600, 2000],
    ] as const)(
      'as %s (%i×%i) is stored as PNG and answered byte for byte, charged once',
      async (format, width, height) => {
        const sent = await noise(width, height)
          [format](format === 'jpeg' ? { quality: 100 } : {})
          .toBuffer();
        expect(sent.length).toBeGreaterThan(heldPngBytes);
        clipdrop.answer({ status: 200, raw: sent, contentType: `image/${format}` });
        const { token, user } = await register(t.app);
        const response = await callTool(t.app, token, 'remove-background', [imagePart(await jpegOf(width, height))]);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        const result = await decodeAnswer(body.image);
        expect([result.format, result.width, result.height]).toEqual(['png', width, height]);
        if (format === 'png') expect(result.png.equals(sent)).toBe(true);
        const [row] = await rows<{ storage_key: string; byte_size: number }>(
          t.database.db,
          sql`SELECT storage_key, byte_size FROM images WHERE id = ${body.imageId}`,
        );
        expect(row?.byte_size).toBe(result.png.length);
        const file = (await storedImageFiles(t.location)).find((f) => path.basename(f) === row?.storage_key);
        expect(file && (await readFile(file)).equals(result.png)).toBe(true);
        expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
      },
    );

    it('that is not an image is a refunded 502', async () => {
      clipdrop.answer({
        status: 200,
        raw: Buffer.alloc(heldPngBytes + 1000, '<p>maintenance</p>'),
        contentType: 'text/html',
      });
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
      expect(response.statusCode).toBe(502);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    });
  });

  it('logs a refused key at error level, naming the variable to fix, and never the key itself', async () => {
    clipdrop.answer({ status: 403, error: 'Forbidden' });
    const { token } = await register(t.app);
    logLines.length = 0;
    expect((await callTool(t.app, token, 'remove-text', validParts('remove-text'))).statusCode).toBe(503);
    const errors = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).toContain('Clipdrop refused the API key (403): check CLIPDROP_API_KEY');
    expect(logLines.join('\n')).not.toContain(apiKey);
  });

  it('names clipdrop on the providers endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(response.json()).toMatchObject({ success: true, tools: 'clipdrop' });
  });

  it('an unreachable Clipdrop is a refunded 502', async () => {
    const gone = await startFakeClipdrop();
    await gone.close();
    const context = await startTestApp(kind, {
      ALLOW_TEST_PAYMENTS: 'true',
      CLIPDROP_API_KEY: apiKey,
      TOOLS_PROVIDER: 'clipdrop',
      CLIPDROP_BASE_URL: gone.baseUrl,
    });
    try {
      const { token, user } = await register(context.app);
      const response = await callTool(context.app, token, 'remove-background', [imagePart(photo)]);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        success: false,
        message: 'The editing service could not edit this image. Please try again; your credit was refunded.',
        creditBalance: 5,
      });
      expect(await ledgerState(context.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    } finally {
      await context.close();
    }
  });
});
