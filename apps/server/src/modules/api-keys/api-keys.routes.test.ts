import { createHash } from 'node:crypto';
import { maxApiKeysPerUser } from '@lumigen/contract/api-keys';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { confirmAddressOf, createKey, listKeys } from '../../test/api-keys.ts';
import { catRequest } from '../../test/job-calls.ts';
import { databaseKinds, register, startTestApp, type TestContext } from '../../test/harness.ts';

describe.each(databaseKinds)('API keys on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  // The owner's address is confirmed first: an unconfirmed account makes no key (keys-follow-trust.test.ts).
  const create = async (token: string | undefined, payload: unknown) => {
    if (token) await confirmAddressOf(t.database, token);
    return t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: token ? { token } : {},
      payload: payload as object,
    });
  };

  it('shows a new key once, stores only its hash, and lists it by its prefix with every scope and no cap', async () => {
    const { token } = await register(t.app);
    const response = await create(token, { name: '  Nightly thumbnails ' });
    expect(response.statusCode).toBe(201);
    const { id, key } = response.json();
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);

    const [stored] = await rows<Record<string, unknown>>(t.database.db, sql`SELECT * FROM api_keys WHERE id = ${id}`);
    expect(stored!.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(
      Object.values(stored!)
        .map(String)
        .some((value) => value.includes(key)),
    ).toBe(false);

    const listed = await t.app.inject({ method: 'GET', url: '/api/keys', headers: { token } });
    expect(listed.body).not.toContain(key);
    expect(listed.json().keys).toEqual([
      {
        id,
        name: 'Nightly thumbnails',
        prefix: key.slice(0, 11),
        scopes: ['generate', 'tools', 'read'],
        dailyCreditCap: null,
        createdAt: expect.any(String),
        lastUsedAt: null,
        spentToday: 0,
      },
    ]);
  });

  it('keeps the scopes and the daily cap asked for', async () => {
    const { token } = await register(t.app);
    const { id } = await createKey(t, token, { name: 'tools only', scopes: ['tools', 'tools'], dailyCreditCap: 3 });
    expect(await listKeys(t.app, token)).toEqual([
      expect.objectContaining({ id, scopes: ['tools'], dailyCreditCap: 3 }),
    ]);
  });

  it('refuses a bad request by naming the field, and makes nothing', async () => {
    const { token, user } = await register(t.app);
    const cases: Array<[unknown, string]> = [
      [{}, 'Name is required'],
      [{ name: 'x', scopes: ['admin'] }, 'Scopes must be among generate, tools, read'],
      [{ name: 'x', scopes: [] }, 'Choose at least one scope'],
      [{ name: 'x', dailyCreditCap: 0 }, 'Daily credit cap must be at least 1'],
      [{ name: 'x', dailyCreditCap: 2.5 }, 'Daily credit cap must be a whole number'],
      [{ name: 'x', owner: 'someone' }, 'Unknown field: owner'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await rows(t.database.db, sql`SELECT id FROM api_keys WHERE user_id = ${user.id}`)).toEqual([]);
  });

  it('lets only the owner revoke a key: another user, like a missing key, gets 404', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const { id } = await createKey(t, owner.token);
    const del = (token: string, keyId: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/keys/${keyId}`, headers: { token } });

    expect((await del(other.token, id)).statusCode).toBe(404);
    expect((await del(owner.token, 'not-a-uuid')).statusCode).toBe(404);
    expect(await listKeys(t.app, owner.token)).toHaveLength(1);
    const revoked = await del(owner.token, id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: messages.apiKey.revokedDone });
    expect(await listKeys(t.app, owner.token)).toEqual([]);
    expect((await del(owner.token, id)).statusCode).toBe(404);
  });

  it(`allows ${maxApiKeysPerUser} active keys per account, then asks to revoke one`, async () => {
    const { token } = await register(t.app);
    const made = await Promise.all(
      Array.from({ length: maxApiKeysPerUser }, (_, i) => create(token, { name: `key ${i}` })),
    );
    expect(made.map((response) => response.statusCode)).toEqual(Array(maxApiKeysPerUser).fill(201));
    const refused = await create(token, { name: 'one too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.apiKey.tooMany(maxApiKeysPerUser));
    await t.app.inject({ method: 'DELETE', url: `/api/keys/${made[0]!.json().id}`, headers: { token } });
    expect((await create(token, { name: 'now it fits' })).statusCode).toBe(201);
  });

  it("reads the owner's images, jobs and ledger with a read key, and nothing else: no scope 403, revoked 401, another's 404", async () => {
    const owner = await register(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/image/generate-image',
      headers: { token: owner.token },
      payload: catRequest,
    });
    expect(made.statusCode).toBe(200);
    const { imageId } = made.json();
    const reader = await createKey(t, owner.token, { name: 'reader', scopes: ['read'] });
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

    for (const headers of [{ 'x-api-key': reader.key }, { authorization: `Bearer ${reader.key}` }] as Array<
      Record<string, string>
    >) {
      expect((await get('/api/images', headers)).json().images).toEqual([expect.objectContaining({ id: imageId })]);
      const image = await get(`/api/images/${imageId}`, headers);
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
      const listed = (await get('/api/jobs', headers)).json().jobs;
      expect(listed).toEqual([expect.objectContaining({ kind: 'generation', status: 'succeeded', imageId })]);
      expect((await get(`/api/jobs/${listed[0].id}`, headers)).json().job).toMatchObject({ imageId });
      expect((await get('/api/credits/ledger', headers)).json().entries).toHaveLength(2);
    }
    // Reading only: paying, canceling, deleting and the account stay the session's.
    const readHeaders = { 'x-api-key': reader.key };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/jobs/generate', headers: readHeaders, payload: catRequest }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/images/${imageId}`, headers: readHeaders })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/image/get-credit', headers: readHeaders })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/image/deduct-credit', headers: readHeaders })).statusCode,
    ).toBe(401);

    const writer = await createKey(t, owner.token, { name: 'writer', scopes: ['generate', 'tools'] });
    const noScope = await get('/api/images', { 'x-api-key': writer.key });
    expect([noScope.statusCode, noScope.json().message]).toEqual([403, messages.apiKey.missingScope('read')]);
    const stranger = await register(t.app);
    const theirs = await createKey(t, stranger.token, { name: 'theirs', scopes: ['read'] });
    expect((await get(`/api/images/${imageId}`, { 'x-api-key': theirs.key })).statusCode).toBe(404);
    expect((await get('/api/images', { 'x-api-key': theirs.key })).json().images).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/keys/${reader.id}`, headers: { token: owner.token } });
    const revoked = await get('/api/images', readHeaders);
    expect([revoked.statusCode, revoked.json().message]).toEqual([401, messages.apiKey.revoked]);
  });

  it('needs the session: without it, or with a key in its place, /api/keys and the account routes answer 401', async () => {
    const { token } = await register(t.app);
    const { key } = await createKey(t, token);
    expect((await create(undefined, { name: 'x' })).statusCode).toBe(401);
    for (const headers of [{ token: key }, { authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
      for (const [method, url, payload] of [
        ['GET', '/api/keys', undefined],
        ['POST', '/api/keys', { name: 'made by a key' }],
        ['GET', '/api/user/sessions', undefined],
        ['POST', '/api/user/update', { name: 'Mallory' }],
        ['POST', '/api/image/get-credit', undefined],
        ['POST', '/api/jobs/generate', { prompt: 'a cat', model: 'dall-e-2', size: '256x256' }],
      ] as const) {
        const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url} with ${Object.keys(headers)[0]}`).toBe(401);
      }
    }
    expect(await listKeys(t.app, token)).toHaveLength(1);
  });
});
