import { openAiErrorResponse, openAiImagesResponse } from '@lumigen/contract/drop-in';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import OpenAI, { APIError } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createKey, listKeys, revokeKey } from '../../test/api-keys.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { GenerationProviderError } from '../generation/index.ts';

type LedgerRow = { reason: string; delta: number; api_key_id: string | null };
const ledgerOf = (t: TestContext, userId: string) =>
  rows<LedgerRow>(
    t.database.db,
    sql`SELECT reason, delta, api_key_id FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
  );

/** The error the official client throws, with its status and OpenAI's error body. */
async function refusal(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof APIError)) throw new Error(`expected the client to throw an APIError, got ${String(error)}`);
  return error;
}

/** `POST /v1/images/generations` driven by the official `openai` client pointed at our server (decision 027). */
describe.each(databaseKinds)('the OpenAI-shaped images endpoint on %s', (kind) => {
  let t: TestContext;
  let baseURL: string;
  const gate = gatedGenerationProvider();
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL, maxRetries: 0 });

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { generationProvider: gate.provider });
    baseURL = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/v1`;
  });
  afterAll(() => t.close());
  beforeEach(() => gate.openGate());

  it('makes an image for one credit, and the ledger names the key', async () => {
    const { token, user } = await register(t.app);
    const { id, key } = await createKey(t, token, { name: 'openai script' });

    const answer = await client(key).images.generate({
      model: 'gpt-image-1',
      prompt: 'A lighthouse at dawn',
      size: '1024x1024',
      quality: 'high',
    });
    expect(openAiImagesResponse.parse(answer)).toEqual({
      created: expect.any(Number),
      data: [{ b64_json: expect.any(String) }],
    });
    const png = Buffer.from(answer.data![0]!.b64_json!, 'base64');
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(gate.calls.at(-1)!.input).toMatchObject({
      prompt: 'A lighthouse at dawn',
      size: '1024x1024',
      quality: 'hd',
    });

    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    expect(await ledgerOf(t, user.id)).toEqual([
      { reason: 'signup_bonus', delta: 5, api_key_id: null },
      { reason: 'reservation', delta: -1, api_key_id: id },
    ]);
    const [reservation] = await rows<{ status: string; api_key_id: string }>(
      t.database.db,
      sql`SELECT status, api_key_id FROM credit_reservations WHERE user_id = ${user.id}`,
    );
    expect(reservation).toEqual({ status: 'committed', api_key_id: id });
    expect(await listKeys(t.app, token)).toEqual([
      expect.objectContaining({ id, spentToday: 1, lastUsedAt: expect.any(String) }),
    ]);
    // The image is the account's like any other, and the profile's ledger says which key paid.
    const gallery = await t.app.inject({ method: 'GET', url: '/api/images', headers: { token } });
    expect(gallery.json().images).toHaveLength(1);
    const ledger = await t.app.inject({ method: 'GET', url: '/api/credits/ledger', headers: { token } });
    expect(ledger.json().entries[0].description).toBe('Image generation · API key “openai script”');
  });

  it('refunds a failed generation, and the refund names the key too', async () => {
    const { token, user } = await register(t.app);
    const { id, key } = await createKey(t, token);
    gate.closeGate();
    const call = refusal(client(key).images.generate({ prompt: 'A storm', size: '256x256' }));
    await gate.waitForCalls(gate.calls.length + 1);
    gate.calls.at(-1)!.fail(new GenerationProviderError('content_policy', 'flagged'));
    const error = await call;
    expect(error.status).toBe(400);
    expect(openAiErrorResponse.parse(error.error === undefined ? {} : { error: error.error })).toBeTruthy();
    expect(error.message).toContain(messages.contentPolicy);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    expect((await ledgerOf(t, user.id)).slice(1)).toEqual([
      { reason: 'reservation', delta: -1, api_key_id: id },
      { reason: 'refund', delta: 1, api_key_id: id },
    ]);
    expect(await listKeys(t.app, token)).toEqual([expect.objectContaining({ id, spentToday: 0 })]);
  });

  it('answers 402 past the daily cap, with nothing reserved', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token, { name: 'capped', dailyCreditCap: 1 });
    await client(key).images.generate({ prompt: 'First of the day', size: '256x256' });
    const before = await ledgerState(t.database, user.id);

    const error = await refusal(client(key).images.generate({ prompt: 'One too many', size: '256x256' }));
    expect(error.status).toBe(402);
    expect(error.error).toEqual({
      message: messages.apiKey.capReached(1),
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    });
    expect(await ledgerState(t.database, user.id)).toEqual(before);
    // The cap is the key's, not the account's: the session still generates.
    const other = await createKey(t, token, { name: 'uncapped' });
    await client(other.key).images.generate({ prompt: 'Another key', size: '256x256' });
  });

  it('lets only one of two simultaneous calls through a cap of 1', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token, { name: 'capped', dailyCreditCap: 1 });
    gate.closeGate();
    const calls = [1, 2].map((n) =>
      client(key)
        .images.generate({ prompt: `Racer ${n}`, size: '256x256' })
        .then(
          () => 200,
          (error: APIError) => error.status,
        ),
    );
    // One is reserved and waits in the provider; the other is refused without waiting for it.
    expect(await Promise.race(calls)).toBe(402);
    gate.openGate();
    expect((await Promise.all(calls)).sort()).toEqual([200, 402]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('answers 401 to a revoked, unknown or missing key, and 403 to a key without the generate scope', async () => {
    const { token, user } = await register(t.app);
    const revoked = await createKey(t, token);
    await revokeKey(t.app, token, revoked.id);
    const toolsOnly = await createKey(t, token, { name: 'tools only', scopes: ['tools', 'read'] });

    const gone = await refusal(client(revoked.key).images.generate({ prompt: 'x', size: '256x256' }));
    expect([gone.status, gone.error]).toEqual([
      401,
      { message: messages.apiKey.revoked, type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    ]);
    const unknown = await refusal(client(`lk_${'A'.repeat(43)}`).images.generate({ prompt: 'x', size: '256x256' }));
    expect([unknown.status, unknown.error]).toEqual([
      401,
      { message: messages.apiKey.invalid, type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    ]);
    const noScope = await refusal(client(toolsOnly.key).images.generate({ prompt: 'x', size: '256x256' }));
    expect([noScope.status, noScope.error]).toEqual([
      403,
      {
        message: messages.apiKey.missingScope('generate'),
        type: 'invalid_request_error',
        param: null,
        code: 'insufficient_permissions',
      },
    ]);
    const missing = await t.app.inject({ method: 'POST', url: '/v1/images/generations', payload: { prompt: 'x' } });
    expect([missing.statusCode, missing.json().error.message]).toEqual([401, messages.apiKey.missing]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('refuses what it cannot do as OpenAI refuses a parameter, naming it, and charges nothing', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    const call = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/images/generations',
        headers: { authorization: `Bearer ${key}` },
        payload: body,
      });
    const cases: Array<[Record<string, unknown>, string | null, string | null]> = [
      [{ prompt: 'x', size: '1536x1024' }, 'size', 'invalid_value'],
      [{ prompt: 'x', n: 2 }, 'n', 'invalid_value'],
      [{ prompt: 'x', response_format: 'url' }, 'response_format', 'invalid_value'],
      [{ prompt: 'x', style: 'vivid' }, 'style', 'unknown_parameter'],
      [{ size: '256x256' }, 'prompt', 'missing_required_parameter'],
      [{ prompt: '   ' }, 'prompt', 'invalid_value'],
      [{ prompt: 'x'.repeat(1001), size: '512x512' }, 'prompt', 'invalid_value'],
    ];
    for (const [body, param, code] of cases) {
      const response = await call(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toMatchObject({ type: 'invalid_request_error', param, code });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/images/generations',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"prompt":',
    });
    expect([notJson.statusCode, notJson.json().error.message]).toEqual([400, messages.malformedJson]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('answers 402 when the balance is spent, as the account would', async () => {
    const { token, user } = await register(t.app);
    const { key } = await createKey(t, token);
    for (let i = 0; i < 5; i += 1)
      await t.app.inject({ method: 'POST', url: '/api/image/deduct-credit', headers: { token } });
    const error = await refusal(client(key).images.generate({ prompt: 'x', size: '256x256' }));
    expect([error.status, (error.error as { message: string }).message]).toEqual([
      402,
      'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
    ]);
    expect((await ledgerState(t.database, user.id)).balance).toBe(0);
  });
});
