import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { submitBatch } from '../../test/batch-calls.ts';
import { startFakeClipdrop, type FakeClipdrop } from '../../test/fake-clipdrop.ts';
import { fakeEdit, fakeToolProvider } from '../../test/fake-tool-provider.ts';
import {
  countRows,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { catRequest } from '../../test/job-calls.ts';
import { callTool, defaultFields, imagePart, maskOf, maskPart, pngOf, type Part } from '../../test/tool-calls.ts';
import { ToolProviderError } from './providers/provider.ts';

/** The harness prices local previews at 1 credit; an empty value is the variable left unset. */
const defaultPreviewPrice = { LOCAL_PREVIEW_CREDITS: '' };

/** The reservations a user's paid work left, whatever their state. */
async function reservationsOf(t: TestContext, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

describe.each(databaseKinds)('local previews and their price on %s', (kind) => {
  let photo: Buffer;
  let cleanupParts: Part[];

  beforeAll(async () => {
    photo = await pngOf(320, 240);
    cleanupParts = [imagePart(photo), ...defaultFields('cleanup'), maskPart(await maskOf(320, 240))];
  });

  describe('with the local engines and LOCAL_PREVIEW_CREDITS unset', () => {
    let t: TestContext;
    let failNext = false;
    const fake = fakeToolProvider(async (input) => {
      if (failNext) {
        failNext = false;
        throw new ToolProviderError('failed', 'the local tool broke');
      }
      return fakeEdit(input.tool, input.image.path, input.fields);
    });

    beforeAll(async () => {
      t = await startTestApp(kind, defaultPreviewPrice, { toolProvider: fake.provider });
    });
    afterAll(() => t.close());

    it('a preview tool costs nothing: no ledger row, no reservation', async () => {
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'cleanup', cleanupParts);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, creditBalance: 5 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      expect(await reservationsOf(t, user.id)).toBe(0);
      const [job] = await rows<{ reservation_id: string | null; status: string }>(
        t.database.db,
        sql`SELECT reservation_id, status FROM jobs WHERE user_id = ${user.id}`,
      );
      expect(job).toEqual({ reservation_id: null, status: 'succeeded' });
    });

    it('a preview runs on an empty balance', async () => {
      const { token, user } = await register(t.app);
      await t.database.db.execute(sql`UPDATE users SET credit_balance = 0 WHERE id = ${user.id}`);
      const response = await callTool(t.app, token, 'uncrop', [imagePart(photo), ...defaultFields('uncrop')]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ creditBalance: 0 });
    });

    it('a failed preview is answered without a refund row', async () => {
      const { token, user } = await register(t.app);
      failNext = true;
      const response = await callTool(t.app, token, 'cleanup', cleanupParts);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ success: false, creditBalance: 5 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      expect(await reservationsOf(t, user.id)).toBe(0);
    });

    it('background removal is a learned model: it costs its price, reserved and committed', async () => {
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'remove-background', [imagePart(photo)]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ creditBalance: 4 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
      expect(await reservationsOf(t, user.id)).toBe(1);
    });

    it('the local painter is a preview too', async () => {
      const { token, user } = await register(t.app);
      const response = await post(t.app, '/api/image/generate-image', token, catRequest);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, creditBalance: 5 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    });

    it('the providers answer tells the web each price and which work is a preview', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
      expect(response.statusCode).toBe(200);
      const { prices } = response.json();
      expect(prices.generation).toEqual({ credits: 0, preview: true });
      expect(prices.tools).toEqual({
        'remove-background': { credits: 1, preview: false },
        'product-photography': { credits: 1, preview: false },
        'replace-background': { credits: 0, preview: true },
        'remove-text': { credits: 0, preview: true },
        reimagine: { credits: 0, preview: true },
        upscale: { credits: 0, preview: true },
        uncrop: { credits: 0, preview: true },
        cleanup: { credits: 0, preview: true },
      });
    });

    it('a batch of previews reserves nothing', async () => {
      const { token, user } = await register(t.app);
      const response = await submitBatch(t.app, token, [
        ['tool', 'upscale'],
        ...defaultFields('upscale'),
        imagePart(photo),
        imagePart(photo),
      ]);
      expect(response.statusCode).toBe(202);
      expect(await reservationsOf(t, user.id)).toBe(0);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    });
  });

  describe('with LOCAL_PREVIEW_CREDITS set', () => {
    let t: TestContext;
    let t2: TestContext;
    const fake = fakeToolProvider();

    beforeAll(async () => {
      t = await startTestApp(kind, { LOCAL_PREVIEW_CREDITS: '1' }, { toolProvider: fake.provider });
      t2 = await startTestApp(kind, { LOCAL_PREVIEW_CREDITS: '2' }, { toolProvider: fake.provider });
    });
    afterAll(async () => {
      await t.close();
      await t2.close();
    });

    it('LOCAL_PREVIEW_CREDITS=1 charges 1 credit with its ledger row', async () => {
      const before = await countRows(t.database, 'credit_reservations');
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'cleanup', cleanupParts);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ creditBalance: 4 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
      expect(await countRows(t.database, 'credit_reservations')).toBe(before + 1);
    });

    it('the 402 and the batch quote name the same price', async () => {
      const { token, user } = await register(t2.app);
      await t2.database.db.execute(sql`UPDATE users SET credit_balance = 1 WHERE id = ${user.id}`);
      const single = await callTool(t2.app, token, 'cleanup', cleanupParts);
      expect(single.statusCode).toBe(402);
      expect(single.json()).toMatchObject({
        creditsNeeded: 2,
        message: expect.stringContaining('this needs 2 credits and your account has 1'),
      });

      await t2.database.db.execute(sql`UPDATE users SET credit_balance = 3 WHERE id = ${user.id}`);
      const batch = await submitBatch(t2.app, token, [
        ['tool', 'upscale'],
        ...defaultFields('upscale'),
        imagePart(photo),
        imagePart(photo),
      ]);
      expect(batch.statusCode).toBe(402);
      expect(batch.json().message).toContain('This batch costs 4 credits and your balance is 3');
      expect(await reservationsOf(t2, user.id)).toBe(0);
    });
  });

  describe('with a real provider (Clipdrop)', () => {
    let clipdrop: FakeClipdrop;
    let t: TestContext;

    beforeAll(async () => {
      clipdrop = await startFakeClipdrop();
      t = await startTestApp(kind, {
        ...defaultPreviewPrice,
        ALLOW_TEST_PAYMENTS: 'true',
        CLIPDROP_API_KEY: 'cd-test-key',
        CLIPDROP_BASE_URL: clipdrop.baseUrl,
        CLIPDROP_TIMEOUT_SECONDS: '2',
      });
    });
    afterAll(async () => {
      await t.close();
      await clipdrop.close();
    });

    it('cleanup costs its price', async () => {
      const { token, user } = await register(t.app);
      const response = await callTool(t.app, token, 'cleanup', cleanupParts);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ creditBalance: 4 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    });

    it('no tool is a preview', async () => {
      const { prices } = (await t.app.inject({ method: 'GET', url: '/api/image/providers' })).json();
      expect(Object.values(prices.tools)).toEqual(Array(8).fill({ credits: 1, preview: false }));
    });
  });
});
