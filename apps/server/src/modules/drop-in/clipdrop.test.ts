import { clipdropErrorResponse } from '@lumigen/contract/drop-in';
import { messages } from '@lumigen/contract/messages';
import { clipdropPaths, toolIds, type ToolId } from '@lumigen/contract/tools';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { heldPngBytes } from '../../lib/image-bytes.ts';
import { createKey, revokeKey } from '../../test/api-keys.ts';
import { fakeEdit, fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { defaultFields, pngOf } from '../../test/tool-calls.ts';
import { ToolProviderError } from '../tools/index.ts';

/** A prompt the fake provider fails on, as Clipdrop fails an input it cannot work with. */
const failingPrompt = 'please fail';
/** A prompt during whose edit the operator raises replace-background's price to 3 credits. */
const repricingPrompt = 'reprice while running';

/** Each endpoint's fields as a Clipdrop client sends them (cleanup's mask as Clipdrop's `mask_file`). */
async function formFor(tool: ToolId, image: Buffer): Promise<FormData> {
  const form = new FormData();
  form.append('image_file', new Blob([image as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'photo.png');
  if (tool === 'cleanup') {
    const mask = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    form.append('mask_file', new Blob([mask as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'mask.png');
  }
  for (const [name, value] of defaultFields(tool) as Array<[string, string]>) form.append(name, value);
  return form;
}

/** `POST /clipdrop/<endpoint>` called with plain fetch, as Clipdrop's documentation shows (decision 027). */
describe.each(databaseKinds)('the Clipdrop-shaped endpoints on %s', (kind) => {
  let t: TestContext;
  let base: string;
  let photo: Buffer;
  // Set by a test: the provider's answer, instead of the fake's edit.
  let answer: Buffer | undefined;
  const tools = fakeToolProvider(async (input) => {
    if (input.fields.prompt === failingPrompt)
      throw new ToolProviderError('rejected_input', 'refused', { status: 400, reason: 'no subject found' });
    if (input.fields.prompt === repricingPrompt) await setReplaceBackgroundPrice(3);
    if (answer) return { png: answer, width: input.image.width, height: input.image.height };
    return fakeEdit(input.tool, input.image.path, input.fields);
  });

  /**
   * Sets replace-background's price as the console does from another instance (the preview's too,
   * which it costs when a local engine does it), and waits until this instance has heard.
   */
  async function setReplaceBackgroundPrice(credits: number) {
    await t.database.db.execute(
      sql`UPDATE action_prices SET credits = ${credits} WHERE action IN ('replace-background', 'preview')`,
    );
    for (const deadline = Date.now() + 15_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
      if (answer.json().prices.tools['replace-background'].credits === credits) return;
      if (Date.now() > deadline) throw new Error(`the price never became ${credits}`);
    }
  }

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: tools.provider });
    base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/clipdrop`;
    photo = await pngOf(80, 60);
  });
  afterAll(() => t.close());

  const call = async (
    tool: ToolId,
    apiKey: string | undefined,
    form?: FormData,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${base}${clipdropPaths[tool]}`, {
      method: 'POST',
      headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers },
      body: form ?? (await formFor(tool, photo)),
    });
  const errorOf = async (response: Response) => {
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return clipdropErrorResponse.strict().parse(await response.json()).error;
  };

  it.each(toolIds)(
    '%s: answers the image with the credit headers, for one credit named on the ledger',
    async (tool) => {
      const { token, user } = await register(t.app);
      const { id, key } = await createKey(t, token, { name: 'clipdrop script', scopes: ['tools'] });
      const response = await call(tool, key);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-remaining-credits')).toBe('4');
      expect(response.headers.get('x-credits-consumed')).toBe('1');
      const image = Buffer.from(await response.arrayBuffer());
      expect(await sharp(image).metadata()).toMatchObject({
        format: 'png',
        ...(tool === 'upscale' ? { width: 1024, height: 1024 } : {}),
      });
      expect(tools.calls.at(-1)).toMatchObject({ tool });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
      const [reservation] = await rows<{ status: string; api_key_id: string }>(
        t.database.db,
        sql`SELECT status, api_key_id FROM credit_reservations WHERE user_id = ${user.id}`,
      );
      expect(reservation).toEqual({ status: 'committed', api_key_id: id });
    },
  );

  it('answers an image larger than heldPngBytes from the store, byte for byte, with its length', async () => {
    const large = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(large.length).toBeGreaterThan(heldPngBytes);
    const { token } = await register(t.app);
    const { key } = await createKey(t, token, { name: 'clipdrop script', scopes: ['tools'] });
    const form = new FormData();
    form.append(
      'image_file',
      new Blob([(await pngOf(1600, 1200)) as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
      'photo.png',
    );
    answer = large;
    try {
      const response = await call('remove-background', key, form);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(large.length));
      expect(Buffer.from(await response.arrayBuffer()).equals(large)).toBe(true);
    } finally {
      answer = undefined;
    }
  });

  it.each(toolIds)('%s: answers 402 with no credit left, and 403 to a bad key, as Clipdrop does', async (tool) => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    for (let i = 0; i < 5; i += 1)
      await t.app.inject({ method: 'POST', url: '/api/image/deduct-credit', headers: { token } });
    const broke = await call(tool, key);
    expect(broke.status).toBe(402);
    expect(await errorOf(broke)).toBe(
      'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
    );

    const bad = await call(tool, `lk_${'b'.repeat(43)}`);
    expect(bad.status).toBe(403);
    expect(await errorOf(bad)).toBe(messages.apiKey.invalid);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
  });

  it('answers 401 without a key, 403 to a revoked key or one without the tools scope, and charges nothing', async () => {
    const { token, user } = await register(t.app);
    const revoked = await createKey(t, token);
    await revokeKey(t.app, token, revoked.id);
    const generateOnly = await createKey(t, token, { name: 'generate only', scopes: ['generate'] });
    const none = await call('remove-background', undefined);
    expect([none.status, await errorOf(none)]).toEqual([401, messages.apiKey.missing]);
    const gone = await call('remove-background', revoked.key);
    expect([gone.status, await errorOf(gone)]).toEqual([403, messages.apiKey.revoked]);
    const noScope = await call('remove-background', generateOnly.key);
    expect([noScope.status, await errorOf(noScope)]).toEqual([403, messages.apiKey.missingScope('tools')]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('answers 400 to an input it cannot take (not an image, an unknown field), charging nothing', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    const notImage = new FormData();
    notImage.append('image_file', new Blob(['just text'], { type: 'image/png' }), 'photo.png');
    const response = await call('remove-background', key, notImage);
    expect([response.status, await errorOf(response)]).toEqual([400, messages.tool.notAnImage('image_file')]);
    const extra = await formFor('remove-text', photo);
    extra.append('colour', 'red');
    const unknown = await call('remove-text', key, extra);
    expect([unknown.status, await errorOf(unknown)]).toEqual([400, messages.tool.unknownField('colour')]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('refunds an edit the provider fails, and the refund names the key', async () => {
    const { token, user } = await register(t.app);
    const { id, key } = await createKey(t, token);
    const form = await formFor('replace-background', photo);
    form.set('prompt', failingPrompt);
    const response = await call('replace-background', key, form);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(messages.tool.rejected('no subject found'));
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    const keyed = await rows<{ reason: string; api_key_id: string }>(
      t.database.db,
      sql`SELECT reason, api_key_id FROM credit_ledger WHERE user_id = ${user.id} AND api_key_id IS NOT NULL ORDER BY id`,
    );
    expect(keyed).toEqual([
      { reason: 'reservation', api_key_id: id },
      { reason: 'refund', api_key_id: id },
    ]);
  });

  it('names in x-credits-consumed what the edit was charged, though the price changed while it ran', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    const form = await formFor('replace-background', photo);
    form.set('prompt', repricingPrompt);
    try {
      const response = await call('replace-background', key, form);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-credits-consumed')).toBe('1');
      expect(response.headers.get('x-remaining-credits')).toBe('4');
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    } finally {
      await setReplaceBackgroundPrice(1);
    }
  });

  it('answers in the format the Accept header asks for, as Clipdrop does', async () => {
    const { token } = await register(t.app);
    const { key } = await createKey(t, token);
    const response = await call('remove-text', key, undefined, { accept: 'image/webp' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe('webp');
  });
});
