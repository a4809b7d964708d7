import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import {
  countRows,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  storedImageFiles,
  type TestContext,
} from '../../test/harness.ts';
import { createCreditsService } from '../credits/index.ts';
import { picturePng } from '../../test/pictures.ts';
import type { GenerationProvider } from './providers/provider.ts';

const generate = (t: TestContext, token: string | undefined, body: Record<string, unknown>) =>
  post(t.app, '/api/image/generate-image', token, body);
const cat = { prompt: 'A cat riding a horse', model: 'dall-e-2', size: '256x256', quality: 'standard' };

async function decodeDataUrl(image: string) {
  expect(image.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
  return { png, ...(await sharp(png).metadata()) };
}

describe.each(databaseKinds)('generate-image with the local provider on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('paints the image, stores its bytes and row, and charges one credit', async () => {
    const { token, user } = await register(t.app);
    const response = await generate(t, token, { ...cat, prompt: '  a lighthouse at dusk  ', size: '512x512' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Image generated', creditBalance: 4 });
    const image = await decodeDataUrl(body.image);
    expect([image.format, image.width, image.height]).toEqual(['png', 512, 512]);

    const [row] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT * FROM images WHERE id = ${body.imageId}`,
    );
    expect(row).toMatchObject({
      user_id: user.id,
      kind: 'generation',
      prompt: 'a lighthouse at dusk',
      provider: 'local',
      width: 512,
      height: 512,
      byte_size: image.png.length,
    });
    expect(row?.params).toMatchObject({
      model: 'dall-e-2',
      size: '512x512',
      quality: 'standard',
      seed: expect.any(Number),
    });
    const files = await storedImageFiles(t.location);
    const file = files.find((f) => path.basename(f) === row?.storage_key);
    expect(file && (await readFile(file)).equals(image.png)).toBe(true);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('answers the stored PNG to its owner only', async () => {
    const owner = await register(t.app);
    const stranger = await register(t.app);
    const { imageId, image } = (await generate(t, owner.token, cat)).json();
    const mine = await t.app.inject({ method: 'GET', url: `/api/images/${imageId}`, headers: { token: owner.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals((await decodeDataUrl(image)).png)).toBe(true);
    for (const [token, id] of [
      [stranger.token, imageId],
      [owner.token, '00000000-0000-4000-8000-000000000000'],
      [owner.token, '..%2F..%2Fetc'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { token } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Not found' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}` })).statusCode).toBe(401);
  });

  it('refuses without a token and charges nothing', async () => {
    const before = await countRows(t.database, 'credit_reservations');
    for (const token of [undefined, 'not-a-real-token']) {
      const response = await generate(t, token, cat);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Please log in to continue' });
    }
    expect(await countRows(t.database, 'credit_reservations')).toBe(before);
  });

  describe('bad input gets a 400 naming the field and charges nothing', () => {
    it.each([
      ['an empty prompt', { ...cat, prompt: '' }, 'Prompt is required'],
      ['a whitespace prompt', { ...cat, prompt: ' \n\t ' }, 'Prompt is required'],
      ['no prompt', { model: 'dall-e-2', size: '256x256' }, 'Prompt is required'],
      ['a number for the prompt', { ...cat, prompt: 42 }, 'Prompt must be text'],
      [
        '1001 characters for dall-e-2',
        { ...cat, prompt: 'x'.repeat(1001) },
        'Prompt must be at most 1000 characters for dall-e-2',
      ],
      [
        '4001 characters for dall-e-3',
        { ...cat, model: 'dall-e-3', size: '1024x1024', prompt: 'x'.repeat(4001) },
        'Prompt must be at most 4000 characters',
      ],
      ['dall-e-3 for 256x256', { ...cat, model: 'dall-e-3' }, 'Model must be dall-e-2 for size 256x256'],
      ['dall-e-2 for 1792x1024', { ...cat, size: '1792x1024' }, 'Model must be dall-e-3 for size 1792x1024'],
      ['an unknown model', { ...cat, model: 'gpt-image-1' }, 'Model must be one of dall-e-2, dall-e-3'],
      [
        'an unknown size',
        { ...cat, size: '300x300' },
        'Size must be one of 256x256, 512x512, 1024x1024, 1024x1792, 1792x1024',
      ],
      ['a bad quality', { ...cat, quality: 'ultra' }, 'Quality must be one of standard, hd'],
      ['an unknown field', { ...cat, n: 4 }, 'Unknown field: n'],
    ])('%s', async (_label, body, message) => {
      const { token, user } = await register(t.app);
      const response = await generate(t, token, body);
      expect(response.json()).toEqual({ success: false, message });
      expect(response.statusCode).toBe(400);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    });

    it('accepts the longest prompts each model allows, and a call without quality (docs/product.md)', async () => {
      const { token } = await register(t.app);
      const { quality: _omitted, ...withoutQuality } = cat;
      for (const body of [
        { ...cat, prompt: 'y'.repeat(1000) },
        { ...cat, model: 'dall-e-3', size: '1024x1024', prompt: 'z'.repeat(4000) },
        withoutQuality,
      ]) {
        expect((await generate(t, token, body)).statusCode).toBe(200);
      }
    });
  });

  it('20 concurrent generations on 5 credits: 5 images, 15 × 402, ledger equals balance', async () => {
    const context = await startTestApp(kind);
    try {
      const { token, user } = await register(context.app);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => generate(context, token, { ...cat, prompt: `a garden, variation ${i}` })),
      );
      const ok = responses.filter((r) => r.statusCode === 200);
      const refused = responses.filter((r) => r.statusCode === 402);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const r of refused)
        expect(r.json()).toEqual({
          success: false,
          message:
            'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
          creditBalance: 0,
          creditsNeeded: 1,
        });
      expect(new Set(ok.map((r) => r.json().imageId)).size).toBe(5);
      expect(await ledgerState(context.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
      expect(await countRows(context.database, 'images')).toBe(5);
      expect(await storedImageFiles(context.location)).toHaveLength(5);
    } finally {
      await context.close();
    }
  });

  it('a storage failure refunds the credit and answers 503 in words, without internals', async () => {
    const context = await startTestApp(kind);
    try {
      // A file where the image folder should be: every write under it fails.
      await writeFile(path.join(context.location.dataDir, 'images'), 'not a folder');
      const { token, user } = await register(context.app);
      const response = await generate(context, token, cat);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(messages.job.storageUnavailable);
      expect(response.body).not.toMatch(/ENOTDIR|mkdir/);
      expect(await ledgerState(context.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      expect(await countRows(context.database, 'images')).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps the prompt out of the logs, also when the database rejects the image row', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const context = await startTestApp(kind, { LOG_LEVEL: 'info' }, { logger: { stream } });
    try {
      const prompt = 'a secret birthday surprise for Ada';
      const { token, user } = await register(context.app);
      expect((await generate(context, token, { ...cat, prompt })).statusCode).toBe(200);
      // Drizzle puts a failed query's parameters, the prompt among them, into its error message.
      await context.database.db.execute(
        sql`ALTER TABLE images ADD CONSTRAINT reject_every_row CHECK (width < 0) NOT VALID`,
      );
      expect((await generate(context, token, { ...cat, prompt })).statusCode).toBe(500);
      expect(await ledgerState(context.database, user.id)).toMatchObject({ balance: 4, ledgerSum: 4 });
      const all = lines.join('\n');
      expect(all).toContain('image generated');
      expect(all).toContain('reject_every_row');
      expect(all).not.toContain('birthday');
    } finally {
      await context.close();
    }
  });

  describe('a reservation swept while the provider works', () => {
    /** A provider that lets the sweep refund every pending reservation before it answers. */
    const sweepingProvider = (t: () => TestContext, meanwhile?: () => Promise<void>): GenerationProvider => ({
      name: 'local',
      async generate() {
        await createCreditsService(t().database.db).sweepStale(-60_000);
        await meanwhile?.();
        return { png: await picturePng(256, 256), width: 256, height: 256 };
      },
    });

    it('charges the credit again and delivers the image', async () => {
      const context: TestContext = await startTestApp(
        kind,
        {},
        { generationProvider: sweepingProvider(() => context) },
      );
      try {
        const { token, user } = await register(context.app);
        const response = await generate(context, token, cat);
        expect(response.statusCode).toBe(200);
        expect(response.json().creditBalance).toBe(4);
        const reasons = await rows<{ reason: string }>(
          context.database.db,
          sql`SELECT reason FROM credit_ledger WHERE user_id = ${user.id} ORDER BY id`,
        );
        expect(reasons.map((r) => r.reason)).toEqual(['signup_bonus', 'reservation', 'refund', 'spend']);
        expect(await ledgerState(context.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 4 });
        expect(await countRows(context.database, 'images')).toBe(1);
      } finally {
        await context.close();
      }
    });

    it('takes the image back when the credit is gone by then', async () => {
      let spendAll = async () => undefined as void;
      const context: TestContext = await startTestApp(
        kind,
        {},
        {
          generationProvider: sweepingProvider(
            () => context,
            () => spendAll(),
          ),
        },
      );
      try {
        const { token, user } = await register(context.app);
        spendAll = async () => {
          for (let i = 0; i < 5; i += 1) await post(context.app, '/api/image/deduct-credit', token);
        };
        const response = await generate(context, token, cat);
        expect(response.statusCode).toBe(402);
        expect(response.json()).toEqual({
          success: false,
          message:
            'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
          creditBalance: 0,
          creditsNeeded: 1,
        });
        expect(await ledgerState(context.database, user.id)).toMatchObject({ balance: 0, ledgerSum: 0 });
        expect(await countRows(context.database, 'images')).toBe(0);
        expect(await storedImageFiles(context.location)).toHaveLength(0);
      } finally {
        await context.close();
      }
    });
  });

  it('tells the web app that the local preview is active, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, generation: 'local', localPreview: true, tools: 'local' });
  });
});
