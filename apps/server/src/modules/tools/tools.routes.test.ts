import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { toolImageLimits, toolIds, toolSliders, type ToolFields, type ToolId } from '@lumigen/contract/tools';
import { actionLabels } from '@lumigen/contract/credits';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { heldPngBytes, type PngImage } from '../../lib/image-bytes.ts';
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
} from '../../test/harness.ts';
import { fakeEdit, fakeToolProvider, resultSize } from '../../test/fake-tool-provider.ts';
import { picture } from '../../test/pictures.ts';
import {
  callTool,
  decodeAnswer,
  defaultFields,
  imagePart,
  jpegOf,
  maskOf,
  maskPart,
  multipartBody,
  pngBomb,
  pngOf,
  webpOf,
  type Part,
} from '../../test/tool-calls.ts';
import { createLocalToolsProvider } from './providers/local.ts';
import { ToolProviderError, type ToolInput } from './providers/provider.ts';

/** What the provider receives for each tool when the page sends its defaults. */
const defaultParsed: Record<ToolId, ToolFields> = {
  'remove-background': {},
  'remove-text': {},
  reimagine: {},
  'product-photography': { light_theta: 20, light_phi: 0, light_size: 1.7, shadow_darkness: 0.7 },
  'replace-background': { prompt: 'a sunlit marble kitchen counter' },
  upscale: { target_width: 1024, target_height: 1024 },
  uncrop: { extend_left: 50, extend_right: 50, extend_up: 50, extend_down: 50 },
  cleanup: { mode: 'quality' },
};

const noisyPng = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();

describe.each(databaseKinds)('editing tools over HTTP on %s', (kind) => {
  let t: TestContext;
  let behaviour: ((input: ToolInput) => Promise<PngImage>) | undefined;
  const fake = fakeToolProvider((input) =>
    behaviour ? behaviour(input) : fakeEdit(input.tool, input.image.path, input.fields),
  );
  let photo: Buffer;
  let whiteMask: Buffer;
  /** A valid call of `tool` on a 320×240 photo, with the page's default fields. */
  const validParts = (tool: ToolId): Part[] => [
    imagePart(photo),
    ...defaultFields(tool),
    ...(tool === 'cleanup' ? [maskPart(whiteMask)] : []),
  ];

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: fake.provider });
    photo = await pngOf(320, 240);
    whiteMask = await maskOf(320, 240);
  });
  beforeEach(() => {
    fake.calls.length = 0;
    behaviour = undefined;
  });
  afterAll(() => t.close());

  it.each(toolIds)('%s edits the upload, stores the result and charges one credit', async (tool) => {
    const { token, user } = await register(t.app);
    const response = await callTool(t.app, token, tool, validParts(tool));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Image edited',
      creditBalance: 4,
      imageId: expect.any(String),
    });

    const expected = resultSize(tool, 320, 240, defaultParsed[tool]);
    const result = await decodeAnswer(body.image);
    expect([result.format, result.width, result.height]).toEqual(['png', expected.width, expected.height]);

    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.tool).toBe(tool);
    expect(call?.image).toMatchObject({ type: 'image/png', width: 320, height: 240 });
    expect(call?.image.bytes.equals(photo)).toBe(true);
    expect(call?.fields).toEqual(defaultParsed[tool]);
    expect(call?.mask !== undefined).toBe(tool === 'cleanup');

    const [row] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT * FROM images WHERE id = ${body.imageId}`,
    );
    const { prompt, ...params } = defaultParsed[tool];
    expect(row).toMatchObject({
      user_id: user.id,
      kind: tool,
      provider: 'local',
      prompt: prompt ?? null,
      params,
      ...expected,
      byte_size: result.png.length,
    });
    const file = (await storedImageFiles(t.location)).find((f) => path.basename(f) === row?.storage_key);
    expect(file && (await readFile(file)).equals(result.png)).toBe(true);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    const [reservation] = await rows<{ purpose: string; status: string }>(
      t.database.db,
      sql`SELECT purpose, status FROM credit_reservations WHERE user_id = ${user.id}`,
    );
    expect(reservation).toEqual({ purpose: tool, status: 'committed' });
  });

  it('answers an edit larger than a waiting answer may hold (heldPngBytes) from the stored image, byte for byte', async () => {
    const { token, user } = await register(t.app);
    const answer = await noisyPng(1600, 1200);
    expect(answer.length).toBeGreaterThan(heldPngBytes);
    behaviour = async () => ({ png: answer, width: 1600, height: 1200 });
    const response = await callTool(t.app, token, 'remove-background', [imagePart(await jpegOf(1600, 1200))]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, creditBalance: 4 });
    expect((await decodeAnswer(body.image)).png.equals(answer)).toBe(true);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('reads sliders as numbers, accepts their end values and fills in a missing one with its default', async () => {
    const { token } = await register(t.app);
    const ends = [
      imagePart(photo),
      ['light_theta', '45'],
      ['light_phi', '359'],
      ['light_size', '8.0'],
      ['shadow_darkness', '0'],
    ] satisfies Part[];
    expect((await callTool(t.app, token, 'product-photography', ends)).statusCode).toBe(200);
    expect(fake.calls[0]?.fields).toEqual({ light_theta: 45, light_phi: 359, light_size: 8, shadow_darkness: 0 });
    expect(
      (
        await callTool(t.app, token, 'uncrop', [
          imagePart(photo),
          ['extend_left', '-2000'],
          ['extend_right', '2000'],
          ['extend_down', ' -10 '],
        ])
      ).statusCode,
    ).toBe(200);
    expect(fake.calls[1]?.fields).toEqual({ extend_left: -2000, extend_right: 2000, extend_up: 50, extend_down: -10 });
    expect((await callTool(t.app, token, 'upscale', [imagePart(photo), ['target_width', '4096']])).statusCode).toBe(
      200,
    );
    expect(fake.calls[2]?.fields).toEqual({ target_width: 4096, target_height: 1024 });
  });

  it('judges an upload by its bytes: JPEG and WebP pass under any name or type', async () => {
    const { token } = await register(t.app);
    const jpeg = await jpegOf(200, 100);
    const webp = await webpOf(100, 200);
    expect(
      (await callTool(t.app, token, 'remove-background', [imagePart(jpeg, 'notes.txt', 'text/plain')])).statusCode,
    ).toBe(200);
    expect((await callTool(t.app, token, 'remove-text', [imagePart(webp, 'image.png', 'image/png')])).statusCode).toBe(
      200,
    );
    expect(fake.calls.map((c) => [c.image.type, c.image.width, c.image.height])).toEqual([
      ['image/jpeg', 200, 100],
      ['image/webp', 100, 200],
    ]);
    expect(fake.calls[0]?.image.bytes.equals(jpeg)).toBe(true);
  });

  it('scales inputs larger than a tool takes down to fit (reimagine 1024², replace-background 2048²), in their own format', async () => {
    const { token } = await register(t.app);
    const wide = await jpegOf(3000, 1500);
    expect((await callTool(t.app, token, 'reimagine', [imagePart(wide)])).statusCode).toBe(200);
    expect(
      (await callTool(t.app, token, 'replace-background', [imagePart(wide), ['prompt', 'a forest']])).statusCode,
    ).toBe(200);
    expect((await callTool(t.app, token, 'remove-background', [imagePart(wide)])).statusCode).toBe(200);
    const seen = await Promise.all(
      fake.calls.map(async (c) => [
        c.image.type,
        c.image.width,
        c.image.height,
        (await sharp(c.image.bytes).metadata()).width,
      ]),
    );
    expect(seen).toEqual([
      ['image/jpeg', 1024, 512, 1024],
      ['image/jpeg', 2048, 1024, 2048],
      ['image/jpeg', 3000, 1500, 3000],
    ]);
  });

  it('turns a photo upright by its EXIF orientation, and measures the mask against the upright size', async () => {
    const { token } = await register(t.app);
    // Stored 40×20, shown turned a quarter: 20×40.
    const sideways = await picture(40, 20, '#234').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(
      (await callTool(t.app, token, 'cleanup', [imagePart(sideways), maskPart(await maskOf(20, 40))])).statusCode,
    ).toBe(200);
    const [call] = fake.calls;
    expect([call?.image.width, call?.image.height]).toEqual([20, 40]);
    const upright = await sharp(call!.image.bytes).metadata();
    expect([upright.width, upright.height, upright.orientation ?? 1]).toEqual([20, 40, 1]);
    const refused = await callTool(t.app, token, 'cleanup', [imagePart(sideways), maskPart(await maskOf(40, 20))]);
    expect(refused.json()).toEqual({
      success: false,
      message: 'The mask must be the size of the picture, 20×40 pixels (it is 40×20).',
    });
  });

  it('reads an upload streamed without a Content-Length (chunked), byte for byte', async () => {
    const { token } = await register(t.app);
    const big = await noisyPng(1200, 1000); // some 3.6 MB: the read buffer has to grow twice
    const { payload, contentType } = await multipartBody([imagePart(big)]);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    async function* slices() {
      for (let at = 0; at < payload.length; at += 100_000) yield payload.subarray(at, at + 100_000);
    }
    const init = {
      method: 'POST',
      headers: { token, 'content-type': contentType },
      body: slices() as unknown as BodyInit,
      duplex: 'half' as const,
    };
    const response = await fetch(`${address}/api/image/tools/remove-background`, init);
    // Read to the end: an unread answer would keep the connection busy and the app from closing.
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    expect(response.status).toBe(200);
    expect(fake.calls[0]?.image.bytes.equals(big)).toBe(true);
  });

  it("takes cleanup's mask under Clipdrop's own name, mask_file, too", async () => {
    const { token } = await register(t.app);
    const response = await callTool(t.app, token, 'cleanup', [
      imagePart(photo),
      ['mask_file', { bytes: whiteMask, filename: 'm.png', type: 'image/png' }],
    ]);
    expect(response.statusCode).toBe(200);
    expect(fake.calls[0]?.mask?.bytes.equals(whiteMask)).toBe(true);
  });

  describe('uploads are spilled to files of their own, deleted when the request ends however it ends', () => {
    const spilled = () => readdir(path.join(t.location.dataDir, 'uploads'));
    const emptied = async () => {
      // The directory goes as the request ends: poll a little, as a client gone is noticed late.
      for (let i = 0; i < 100 && (await spilled()).length > 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return spilled();
    };

    it('hands the provider files with the upload byte for byte, gone after the answer', async () => {
      const { token } = await register(t.app);
      let seen: string[] = [];
      behaviour = async (input) => {
        seen = [input.image.path, input.mask?.path ?? ''];
        expect(input.image.size).toBe(photo.length);
        expect((await readFile(input.image.path)).equals(photo)).toBe(true);
        expect((await readFile(input.mask!.path)).equals(whiteMask)).toBe(true);
        return fakeEdit(input.tool, input.image.path, input.fields);
      };
      expect((await callTool(t.app, token, 'cleanup', validParts('cleanup'))).statusCode).toBe(200);
      expect(seen.every((file) => file.startsWith(path.join(t.location.dataDir, 'uploads')))).toBe(true);
      // The job's commit is announced by the database (NOTIFY) as the worker deletes its folder.
      expect(await emptied()).toEqual([]);
    });

    it('after a refused upload, a failed edit and a file too large', async () => {
      const { token } = await register(t.app);
      expect(
        (await callTool(t.app, token, 'remove-background', [imagePart(Buffer.from('not a picture'))])).statusCode,
      ).toBe(415);
      expect(await spilled()).toEqual([]);
      behaviour = async () => {
        throw new ToolProviderError('failed', 'x');
      };
      expect((await callTool(t.app, token, 'remove-background', validParts('remove-background'))).statusCode).toBe(502);
      expect(await spilled()).toEqual([]);
      expect(
        (await callTool(t.app, token, 'remove-background', [imagePart(Buffer.alloc(31 * 1024 * 1024, 1))])).statusCode,
      ).toBe(413);
      expect(await emptied()).toEqual([]);
    });

    it('after a client that hangs up halfway through its upload', async () => {
      const { token } = await register(t.app);
      const { payload, contentType } = await multipartBody([imagePart(await noisyPng(1200, 1000))]);
      // Another test may have made the app listen already.
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const request = httpRequest({
        host: '127.0.0.1',
        port: (t.app.server.address() as AddressInfo).port,
        method: 'POST',
        path: '/api/image/tools/remove-background',
        headers: { token, 'content-type': contentType, 'content-length': payload.length },
      });
      request.on('error', () => undefined);
      request.write(payload.subarray(0, payload.length / 2));
      // Until the server has begun spilling the upload.
      for (let i = 0; i < 200 && (await spilled()).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await spilled()).length).toBe(1);
      request.destroy();
      expect(await emptied()).toEqual([]);
      expect(fake.calls).toHaveLength(0);
    });
  });

  it('names the tools provider on the providers endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(response.json()).toMatchObject({ success: true, generation: 'local', localPreview: true, tools: 'local' });
  });

  describe('bad input gets the right 4xx, a message naming the problem, and no charge', () => {
    let user: { token: string; id: string };
    beforeAll(async () => {
      const registered = await register(t.app);
      user = { token: registered.token, id: registered.user.id };
    });

    const expectRefused = async (tool: string, parts: Part[], status: number, message: string) => {
      const response = await callTool(t.app, user.token, tool, parts);
      expect(response.json()).toEqual({ success: false, message });
      expect(response.statusCode).toBe(status);
      expect(fake.calls).toHaveLength(0);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      expect(await rows(t.database.db, sql`SELECT 1 FROM credit_reservations WHERE user_id = ${user.id}`)).toHaveLength(
        0,
      );
    };
    const withImage = (tool: ToolId, image: Part) => [image, ...validParts(tool).slice(1)];

    describe.each(toolIds)('%s', (tool) => {
      it('a text file named photo.png: 415', async () => {
        await expectRefused(
          tool,
          withImage(tool, imagePart(Buffer.from('Dear diary, this is not a picture.'))),
          415,
          'The picture is not a PNG, JPEG or WebP image.',
        );
      });
      it('an empty file: 400', async () => {
        await expectRefused(
          tool,
          withImage(tool, imagePart(Buffer.alloc(0))),
          400,
          'The picture is an empty file. Choose it again.',
        );
      });
      it('a 31 MB upload: 413', async () => {
        const big = Buffer.concat([photo, Buffer.alloc(31 * 1024 * 1024 - photo.length)]);
        await expectRefused(
          tool,
          withImage(tool, imagePart(big)),
          413,
          'The picture is larger than 30 MB. Choose a smaller file.',
        );
      });
      it('a 20000×20000 PNG bomb: 413, without decoding it', async () => {
        const { maxMegapixels } = toolImageLimits[tool];
        await expectRefused(
          tool,
          withImage(tool, imagePart(pngBomb())),
          413,
          `The picture is 400.0 megapixels; ${actionLabels[tool]} takes at most ${maxMegapixels} megapixels. Scale it down and try again.`,
        );
      });
      it('no image: 400', async () => {
        await expectRefused(
          tool,
          validParts(tool).slice(1),
          400,
          'image_file is required: choose a PNG, JPEG or WebP image',
        );
      });
      it('an image of 15×400 pixels: 400', async () => {
        await expectRefused(
          tool,
          withImage(tool, imagePart(await pngOf(15, 400))),
          400,
          'The picture is 15×400 pixels; each side must be at least 16 pixels.',
        );
      });
      it('a PNG cut off halfway: 400', async () => {
        const whole = await noisyPng(256, 256);
        await expectRefused(
          tool,
          withImage(tool, imagePart(whole.subarray(0, whole.length / 2))),
          400,
          'The picture could not be read: the file is damaged or incomplete.',
        );
      });
      it('an unknown field, and a field sent twice: 400', async () => {
        await expectRefused(tool, [...validParts(tool), ['colour', 'red']], 400, 'Unknown field: colour');
        await expectRefused(tool, [imagePart(photo), ...validParts(tool)], 400, 'image_file was sent more than once');
        await expectRefused(
          tool,
          [['image_file', 'photo.png'], ...validParts(tool).slice(1)],
          400,
          'image_file must be a file',
        );
      });

      const sliders = tool in toolSliders ? toolSliders[tool as keyof typeof toolSliders] : [];
      it.each(sliders.map((s) => [s.name, s] as const))(
        '%s below, above its range and not a number: 400',
        async (name, slider) => {
          const named = `${slider.label} (${name})`;
          const withSlider = (value: string) =>
            [...validParts(tool).filter(([field]) => field !== name), [name, value]] satisfies Part[];
          const range = `${named} must be between ${slider.min} and ${slider.max}`;
          await expectRefused(tool, withSlider(String(slider.min - 1)), 400, range);
          await expectRefused(tool, withSlider(String(slider.max + (slider.step < 1 ? 0.1 : 1))), 400, range);
          await expectRefused(tool, withSlider('twelve'), 400, `${named} must be a number`);
          await expectRefused(tool, withSlider(''), 400, `${named} must be a number`);
          if (Number.isInteger(slider.step))
            await expectRefused(tool, withSlider(`${slider.min}.5`), 400, `${named} must be a whole number`);
        },
      );

      if (tool !== 'cleanup') {
        it('a mask where the tool takes none: 400', async () => {
          await expectRefused(tool, [...validParts(tool), maskPart(whiteMask)], 400, 'Unknown field: mask');
        });
      }
    });

    it('replace-background: a missing, blank or 1001-character prompt: 400', async () => {
      const image = imagePart(photo);
      await expectRefused('replace-background', [image], 400, 'Prompt is required');
      await expectRefused('replace-background', [image, ['prompt', ' \n ']], 400, 'Prompt is required');
      await expectRefused(
        'replace-background',
        [image, ['prompt', 'p'.repeat(1001)]],
        400,
        'Prompt must be at most 1000 characters',
      );
      await expectRefused('replace-background', [image, ['prompt', 'p'.repeat(9000)]], 400, 'prompt is too long');
    });

    it('cleanup: a missing, empty, non-image or wrongly sized mask, a second mask, a third file, a bad mode: 4xx', async () => {
      const image = imagePart(photo);
      await expectRefused(
        'cleanup',
        [image],
        400,
        'mask is required for cleanup: an image of the same size, white where pixels should disappear',
      );
      await expectRefused(
        'cleanup',
        [image, maskPart(Buffer.alloc(0))],
        400,
        'The mask is an empty file. Choose it again.',
      );
      await expectRefused(
        'cleanup',
        [image, maskPart(Buffer.from('%PDF-1.7 not a mask'))],
        415,
        'The mask is not a PNG, JPEG or WebP image.',
      );
      await expectRefused(
        'cleanup',
        [image, maskPart(await maskOf(321, 240))],
        400,
        'The mask must be the size of the picture, 320×240 pixels (it is 321×240).',
      );
      await expectRefused(
        'cleanup',
        [maskPart(whiteMask), ['mask_file', { bytes: whiteMask }], image],
        400,
        'mask was sent more than once',
      );
      await expectRefused(
        'cleanup',
        [image, maskPart(whiteMask), ['extra', { bytes: whiteMask }]],
        413,
        'At most 2 files per request: image_file and, for cleanup, mask',
      );
      await expectRefused(
        'cleanup',
        [image, maskPart(whiteMask), ['mode', 'slow']],
        400,
        'Mode (mode) must be one of fast, quality',
      );
    });

    it('uncrop: a crop that would consume the image: 400', async () => {
      const parts = (left: number, right: number): Part[] => [
        imagePart(photo),
        ['extend_left', String(left)],
        ['extend_right', String(right)],
        ['extend_up', '0'],
        ['extend_down', '0'],
      ];
      await expectRefused(
        'uncrop',
        parts(-2000, -2000),
        400,
        'The extend values leave 0×240 pixels of the image; each side must keep at least 16',
      );
      await expectRefused(
        'uncrop',
        parts(-200, -105),
        400,
        'The extend values leave 15×240 pixels of the image; each side must keep at least 16',
      );
      expect((await callTool(t.app, (await register(t.app)).token, 'uncrop', parts(-200, -104))).statusCode).toBe(200);
    });

    it('uncrop: a result larger than 4096×4096 pixels: 400, naming the limit', async () => {
      const parts = (horizontal: [number, number], vertical: [number, number]): Part[] => [
        imagePart(photo),
        ['extend_left', String(horizontal[0])],
        ['extend_right', String(horizontal[1])],
        ['extend_up', String(vertical[0])],
        ['extend_down', String(vertical[1])],
      ];
      const limit = 'uncrop makes at most 16.8 megapixels (4096×4096)';
      await expectRefused(
        'uncrop',
        parts([2000, 2000], [2000, 2000]),
        400,
        `The extend values make a 4320×4240 result (18.3 megapixels); ${limit}`,
      );
      await expectRefused(
        'uncrop',
        parts([2000, 1777], [2000, 1856]),
        400,
        `The extend values make a 4097×4096 result (16.8 megapixels); ${limit}`,
      );
      // Long and thin is fine while the pixels fit: 4320×1240 is 5.4 megapixels.
      const { token } = await register(t.app);
      expect((await callTool(t.app, token, 'uncrop', parts([2000, 2000], [500, 500]))).statusCode).toBe(200);
      expect((await callTool(t.app, token, 'uncrop', parts([2000, 1776], [2000, 1856]))).statusCode).toBe(200);
    });

    it('an unknown tool: 404; a JSON body: 415; twenty fields: 413', async () => {
      await expectRefused('sharpen', [imagePart(photo)], 404, 'Unknown tool: sharpen');
      const json = await post(t.app, '/api/image/tools/remove-background', user.token, { image_file: 'aGVsbG8=' });
      expect(json.json()).toEqual({
        success: false,
        message: 'Send the image as multipart/form-data, in the image_file field',
      });
      expect(json.statusCode).toBe(415);
      const many = Array.from({ length: 20 }, (_, i): Part => [`field${i}`, 'x']);
      await expectRefused('remove-background', [imagePart(photo), ...many], 413, 'Too many fields in the request');
    });
  });

  it('refuses without a valid token before reading the upload, and charges nothing', async () => {
    const before = await countRows(t.database, 'credit_reservations');
    for (const token of [undefined, 'not-a-real-token']) {
      const response = await callTool(t.app, token, 'remove-background', validParts('remove-background'));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Please log in to continue' });
    }
    expect(fake.calls).toHaveLength(0);
    expect(await countRows(t.database, 'credit_reservations')).toBe(before);
  });

  it('answers 402 with the balance when no credit is left, before calling the provider', async () => {
    const { token, user } = await register(t.app);
    for (let i = 0; i < 5; i += 1) await post(t.app, '/api/image/deduct-credit', token);
    const response = await callTool(t.app, token, 'upscale', validParts('upscale'));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      message:
        'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
      creditBalance: 0,
      creditsNeeded: 1,
    });
    expect(fake.calls).toHaveLength(0);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
  });

  it('10 concurrent edits on 5 credits: exactly 5 succeed, 5 get 402, the ledger equals the balance', async () => {
    const { token, user } = await register(t.app);
    const imagesBefore = await countRows(t.database, 'images');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callTool(t.app, token, toolIds[i % toolIds.length]!, validParts(toolIds[i % toolIds.length]!)),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 402, 402, 402, 402, 402]);
    expect(new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json().imageId)).size).toBe(5);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
    expect(await countRows(t.database, 'images')).toBe(imagesBefore + 5);
  });

  describe('a failed edit is refunded and answered in words the user can act on', () => {
    it.each([
      [
        'the input refused, with a reason',
        new ToolProviderError('rejected_input', 'x', { status: 422, reason: 'no subject found' }),
        422,
        'The editing service could not process this image (no subject found). Your credit was refunded.',
        {},
      ],
      [
        'the input refused, no reason',
        new ToolProviderError('rejected_input', 'x', { status: 400 }),
        422,
        'The editing service could not process this image. Your credit was refunded.',
        {},
      ],
      [
        'our key or quota',
        new ToolProviderError('unavailable', 'x', { status: 402 }),
        503,
        'The editing service is unavailable right now. Please try again later; your credit was refunded.',
        {},
      ],
      [
        'rate limited, with a wait',
        new ToolProviderError('rate_limited', 'x', { status: 429, retryAfterSeconds: 7 }),
        429,
        'The editing service is busy. Please try again in a moment; your credit was refunded.',
        { 'retry-after': '7' },
      ],
      [
        'the local queue full',
        new ToolProviderError('busy', 'x'),
        503,
        'This server is busy editing other images. Please try again in a moment; your credit was refunded.',
        { 'retry-after': '10' },
      ],
      [
        'too slow',
        new ToolProviderError('timeout', 'x'),
        502,
        'The editing service took too long to answer. Please try again; your credit was refunded.',
        {},
      ],
      [
        'anything else',
        new ToolProviderError('failed', 'x', { status: 500 }),
        502,
        'The editing service could not edit this image. Please try again; your credit was refunded.',
        {},
      ],
    ])('%s', async (_label, error, status, message, headers) => {
      const { token, user } = await register(t.app);
      behaviour = async () => {
        throw error;
      };
      const response = await callTool(t.app, token, 'remove-background', validParts('remove-background'));
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, message, creditBalance: 5 });
      expect(response.headers).toMatchObject(headers);
      if (!('retry-after' in headers)) expect(response.headers['retry-after']).toBeUndefined();
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    });

    it('a bug is a 500 with the request id and no internals, and refunded too', async () => {
      const { token, user } = await register(t.app);
      behaviour = async () => {
        throw new TypeError('cannot read properties of undefined (reading "secretThing")');
      };
      const response = await callTool(t.app, token, 'remove-background', validParts('remove-background'));
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toMatch(/^Something went wrong on our side \(request [0-9a-f-]{36}\)/);
      expect(response.body).not.toContain('secretThing');
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    });
  });

  it('runs local tools on the worker pool end to end, and stops the pool with the app', async () => {
    const fakeTool = new URL('../../test/fake-local-tool.ts', import.meta.url).href;
    const brokenTool = new URL('../../test/fake-broken-local-tool.ts', import.meta.url).href;
    const refusingTool = new URL('../../test/fake-refusing-local-tool.ts', import.meta.url).href;
    const local = createLocalToolsProvider({
      threads: 1,
      timeoutMs: 20_000,
      modules: { upscale: fakeTool, cleanup: brokenTool, 'remove-background': refusingTool },
    });
    const { lines, logger } = captureLogs();
    const context = await startTestApp(kind, { LOG_LEVEL: 'info' }, { toolProvider: local, logger });
    try {
      const { token, user } = await register(context.app);
      const response = await callTool(context.app, token, 'upscale', [
        imagePart(await jpegOf(64, 48)),
        ['target_width', '300'],
        ['target_height', '200'],
      ]);
      expect(response.statusCode).toBe(200);
      const result = await decodeAnswer(response.json().image);
      expect([result.width, result.height]).toEqual([300, 200]);
      // A tool that throws is a refunded 502.
      const failed = await callTool(context.app, token, 'cleanup', validParts('cleanup'));
      expect(failed.statusCode).toBe(502);
      expect(await ledgerState(context.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 4 });
      // Logged once, where it failed, with the thrown error's message and stack from the thread.
      const failures = lines.filter((line) => line.msg === 'editing tool failed');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        tool: 'cleanup',
        provider: 'local',
        failure: 'failed',
        err: { type: 'ToolProviderError', message: 'cleanup failed: the fake tool broke' },
      });
      expect(JSON.stringify(failures[0])).toContain('fake-broken-local-tool.ts');
      // A tool that cannot work with the picture says why, across the thread boundary: a refunded 422.
      const refused = await callTool(context.app, token, 'remove-background', validParts('remove-background'));
      expect(refused.json()).toEqual({
        success: false,
        message:
          'The editing service could not process this image (no subject was found in the image). Your credit was refunded.',
        creditBalance: 4,
      });
      expect(refused.statusCode).toBe(422);
      expect(await ledgerState(context.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 6 });
      const [refund] = await rows<{ purpose: string; status: string }>(
        context.database.db,
        sql`SELECT purpose, status FROM credit_reservations WHERE user_id = ${user.id} AND purpose = 'remove-background'`,
      );
      expect(refund).toEqual({ purpose: 'remove-background', status: 'refunded' });
      const providers = await context.app.inject({ method: 'GET', url: '/api/image/providers' });
      expect(providers.json().tools).toBe('local');
    } finally {
      await context.close();
    }
  });
});
