import { editUnavailableCode, maxEditImages } from '@lumigen/contract/edit';
import { imageStyles } from '@lumigen/contract/generation';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { errorAnswer, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startFakeStability, type FakeStability } from '../../test/fake-stability.ts';
import { countRows, databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { parseEvents, waitForJob } from '../../test/job-calls.ts';
import { multipartBody, pngOf, type Part } from '../../test/tool-calls.ts';

const width = 96;
const height = 64;

/** Our mask: white over the left half (what may change), black elsewhere. */
async function leftHalfMask(w = width, h = height) {
  const pixels = Buffer.alloc(w * h);
  for (let y = 0; y < h; y += 1) pixels.fill(255, y * w, y * w + w / 2);
  return sharp(pixels, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
}

const file = (name: string, bytes: Buffer, filename = 'photo.png'): Part => [
  name,
  { bytes, filename, type: 'image/png' },
];

async function submitEdit(t: TestContext, token: string, parts: Part[]) {
  const { payload, contentType } = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/jobs/edit',
    headers: { token, 'content-type': contentType },
    payload,
  });
}

/** The mean colour of a PNG, channel by channel. */
async function meanColour(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += 1) sums[i % 3]! += data[i]!;
  return sums.map((sum) => Math.round(sum / (data.length / 3)));
}

async function resultOf(t: TestContext, token: string, jobId: string) {
  const job = await waitForJob(t.app, token, jobId);
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
  const answer = await t.app.inject({ method: 'GET', url: `/api/images/${job.imageId}`, headers: { token } });
  expect(answer.statusCode).toBe(200);
  return sharp(answer.rawPayload).metadata();
}

describe.each(databaseKinds)('edit with words on %s', (kind) => {
  describe('through OpenAI image edits', () => {
    let fake: FakeOpenAi;
    let t: TestContext;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
      t = await startTestApp(kind, {
        OPENAI_API_KEY: 'sk-test-edits',
        OPENAI_BASE_URL: fake.baseUrl,
        GENERATION_PROVIDER: 'local',
        TOOLS_PROVIDER: 'local',
        ALLOW_TEST_PAYMENTS: 'true',
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    beforeEach(() => fake.answer());

    it('sends the pictures in order, the mask transparent where it may change and the styled prompt; answers the picture’s size for one credit', async () => {
      const { token, user } = await register(t.app);
      const accepted = await submitEdit(t, token, [
        file('image_file', await pngOf(width, height, '#c03030')),
        file('image_file', await pngOf(64, 64, '#30c030'), 'reference-1.png'),
        file('image_file', await pngOf(48, 80, '#3030c0'), 'reference-2.png'),
        file('mask_file', await leftHalfMask(), 'mask.png'),
        ['prompt', 'make it night'],
        ['style', 'cinematic'],
        ['quality', 'hd'],
      ]);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const result = await resultOf(t, token, accepted.json().jobId);
      expect([result.format, result.width, result.height]).toEqual(['png', width, height]);

      const sent = fake.requests.find((request) => request.url === '/v1/images/edits')!;
      expect(sent.authorization).toBe('Bearer sk-test-edits');
      expect(sent.body.prompt).toBe(`make it night, ${imageStyles.cinematic.suffix}`);
      expect(sent.body.quality).toBe('high');
      // The pictures in the order sent: red, green, blue.
      const colours = await Promise.all(sent.images!.map((image) => meanColour(image.bytes)));
      expect(colours.map((c) => c.indexOf(Math.max(...c)))).toEqual([0, 1, 2]);
      // OpenAI's convention, at the first picture's size as sent: alpha 0 on the left, 255 on the right.
      const first = await sharp(sent.images![0]!.bytes).metadata();
      const mask = await sharp(sent.files!.mask!.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([mask.info.width, mask.info.height]).toEqual([first.width, first.height]);
      const alphaAt = (x: number, y: number) => mask.data[(y * mask.info.width + x) * 4 + 3];
      expect(alphaAt(2, 2)).toBe(0);
      expect(alphaAt(mask.info.width - 3, mask.info.height - 3)).toBe(255);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    });

    it('asks OpenAI to stream two partial pictures and shows each as a `preview` event before `succeeded`', async () => {
      const { token } = await register(t.app);
      const accepted = await submitEdit(t, token, [
        file('image_file', await pngOf(width, height)),
        ['prompt', 'make it night'],
      ]);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const jobId = accepted.json().jobId as string;
      expect((await waitForJob(t.app, token, jobId)).status).toBe('succeeded');
      const sent = fake.requests.findLast((request) => request.url === '/v1/images/edits')!;
      expect([sent.body.stream, sent.body.partial_images]).toEqual(['true', '2']);
      const events = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/events`, headers: { token } });
      const types = parseEvents(events.body).map((event) => event.event);
      expect(types.filter((type) => type === 'preview')).toHaveLength(2);
      expect(types.lastIndexOf('preview')).toBeLessThan(types.indexOf('succeeded'));
    });

    it('answers at a generation size when one is asked for', async () => {
      const { token } = await register(t.app);
      const accepted = await submitEdit(t, token, [
        file('image_file', await pngOf(width, height)),
        ['prompt', 'a red scarf on her'],
        ['size', '512x512'],
      ]);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const result = await resultOf(t, token, accepted.json().jobId);
      expect([result.width, result.height]).toEqual([512, 512]);
      expect(fake.requests.at(-1)!.files!.mask).toBeUndefined();
    });

    it('generates from reference pictures: every picture a reference, in order, kept as a generation', async () => {
      const { token } = await register(t.app);
      const accepted = await submitEdit(t, token, [
        file('image_file', await pngOf(64, 64, '#30c030'), 'product.png'),
        file('image_file', await pngOf(48, 80, '#3030c0'), 'character.png'),
        ['prompt', 'the same mug on a beach'],
        ['mode', 'generate'],
        ['size', '512x512'],
      ]);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const result = await resultOf(t, token, accepted.json().jobId);
      expect([result.width, result.height]).toEqual([512, 512]);
      const sent = fake.requests.find((request) => request.url === '/v1/images/edits')!;
      const colours = await Promise.all(sent.images!.map((image) => meanColour(image.bytes)));
      expect(colours.map((c) => c.indexOf(Math.max(...c)))).toEqual([1, 2]);
      const [row] = await rows<{ kind: string; params: Record<string, unknown> }>(
        t.database.db,
        sql`SELECT kind, params FROM images ORDER BY created_at DESC LIMIT 1`,
      );
      expect(row).toMatchObject({ kind: 'generation', params: { size: '512x512', references: 2 } });
    });

    it('refunds the credit when the provider fails after the reservation', async () => {
      fake.answer(errorAnswer(401, 'invalid_api_key', 'Incorrect API key provided.'));
      const { token, user } = await register(t.app);
      const accepted = await submitEdit(t, token, [file('image_file', await pngOf(width, height)), ['prompt', 'snow']]);
      expect(accepted.statusCode).toBe(202);
      const job = await waitForJob(t.app, token, accepted.json().jobId);
      expect(job.status).toBe('failed');
      expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 5, ledgerSum: 5 });
    });

    describe('bad input is a clear 4xx and charges nothing', () => {
      it.each([
        ['no picture', async (): Promise<Part[]> => [['prompt', 'snow']], 400, /Add the picture to change/],
        [
          'five pictures',
          async (): Promise<Part[]> => [
            ...(await Promise.all(
              Array.from({ length: maxEditImages + 1 }, async () => file('image_file', await pngOf(32, 32))),
            )),
            ['prompt', 'snow'],
          ],
          400,
          /at most 4 pictures/,
        ],
        [
          'bytes that are not a picture',
          async (): Promise<Part[]> => [file('image_file', Buffer.from('%PDF-1.7 not a picture')), ['prompt', 'snow']],
          415,
          /not a PNG, JPEG or WebP image/,
        ],
        [
          'a mask of another size',
          async (): Promise<Part[]> => [
            file('image_file', await pngOf(width, height)),
            file('mask_file', await leftHalfMask(32, 32)),
            ['prompt', 'snow'],
          ],
          400,
          /mask must be the size of the picture to change \(96×64\); it is 32×32/,
        ],
        [
          'a generation from references at the picture’s own size',
          async (): Promise<Part[]> => [
            file('image_file', await pngOf(width, height)),
            ['prompt', 'x'],
            ['mode', 'generate'],
          ],
          400,
          /generation sizes when generating from reference pictures/,
        ],
        [
          'a mask with reference pictures to generate from',
          async (): Promise<Part[]> => [
            file('image_file', await pngOf(width, height)),
            file('mask_file', await leftHalfMask()),
            ['prompt', 'x'],
            ['mode', 'generate'],
            ['size', '512x512'],
          ],
          400,
          /not to reference pictures/,
        ],
        [
          'no prompt',
          async (): Promise<Part[]> => [file('image_file', await pngOf(width, height))],
          400,
          /Prompt is required/,
        ],
        [
          'an unknown size',
          async (): Promise<Part[]> => [
            file('image_file', await pngOf(width, height)),
            ['prompt', 'x'],
            ['size', '300x300'],
          ],
          400,
          /Size must be one of auto/,
        ],
      ])('%s', async (_label, parts, status, message) => {
        const { token, user } = await register(t.app);
        const before = await countRows(t.database, 'credit_reservations');
        const response = await submitEdit(t, token, await parts());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().message).toMatch(message);
        expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
        expect(await countRows(t.database, 'credit_reservations')).toBe(before);
      });
    });

    it('tells the web app that edit is available, and at what price', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
      expect(response.json().edit).toEqual({
        available: true,
        providers: ['openai'],
        price: { credits: 1, preview: false },
      });
    });
  });

  describe('through Stability inpaint', () => {
    let fake: FakeStability;
    let t: TestContext;
    beforeAll(async () => {
      fake = await startFakeStability();
      t = await startTestApp(kind, {
        STABILITY_API_KEY: 'sk-stability-test',
        STABILITY_BASE_URL: fake.baseUrl,
        TOOLS_PROVIDER: 'local',
        ALLOW_TEST_PAYMENTS: 'true',
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('sends the picture, the mask white where it may change and the styled prompt; answers the size asked', async () => {
      const { token, user } = await register(t.app);
      const accepted = await submitEdit(t, token, [
        file('image_file', await pngOf(width, height)),
        file('mask_file', await leftHalfMask()),
        ['prompt', 'a red scarf'],
        ['style', 'watercolor'],
        ['size', '256x256'],
      ]);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const result = await resultOf(t, token, accepted.json().jobId);
      expect([result.width, result.height]).toEqual([256, 256]);
      const [sent] = fake.posts();
      expect(sent!.path).toBe('/v2beta/stable-image/edit/inpaint');
      expect(sent!.fields.prompt).toBe(`a red scarf, ${imageStyles.watercolor.suffix}`);
      const mask = await sharp(sent!.files.mask!.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect([mask.info.width, mask.info.height]).toEqual([width, height]);
      expect(mask.data[2 * width + 2]).toBe(255);
      expect(mask.data[(height - 3) * width + width - 3]).toBe(0);
      expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 4, ledgerSum: 4 });
    });

    it('refuses an edit without a mask, which inpaint cannot make, and charges nothing', async () => {
      const { token, user } = await register(t.app);
      const response = await submitEdit(t, token, [file('image_file', await pngOf(width, height)), ['prompt', 'snow']]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/paint a mask/);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    });
  });

  describe('with no provider able to edit', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(() => t.close());

    it(`answers 503 ${editUnavailableCode} before anything is read or charged`, async () => {
      const { token, user } = await register(t.app);
      const response = await submitEdit(t, token, [file('image_file', await pngOf(width, height)), ['prompt', 'snow']]);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: editUnavailableCode });
      expect(response.json().message).toMatch(/Nothing was charged/);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      const providers = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
      expect(providers.json().edit).toMatchObject({ available: false, providers: [] });
    });
  });
});
