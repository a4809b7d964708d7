import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { confirmAddressOf, createKey, listKeys } from '../../test/api-keys.ts';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { linkIn, tokenOf, waitForMail } from '../../test/mail.ts';

const origin = 'https://studio.lumigen.example';

/** A key lives only as long as the account's trust: a reset, a new password or "sign out everywhere" end it. */
describe.each(databaseKinds)('API keys follow the account on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_ORIGIN: origin });
  });
  afterAll(() => t.close());

  /** What a key opens: the OpenAI routes, the Clipdrop routes and the reading routes. */
  async function routesOpen(key: string) {
    const openai = await t.app.inject({
      method: 'POST',
      url: '/v1/images/generations',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'a cat', size: '256x256' },
    });
    const clipdrop = await t.app.inject({
      method: 'POST',
      url: '/clipdrop/remove-background/v1',
      headers: { 'x-api-key': key },
    });
    const images = await t.app.inject({ method: 'GET', url: '/api/images', headers: { 'x-api-key': key } });
    return { openai: openai.statusCode, clipdrop: clipdrop.statusCode, images: images.statusCode };
  }
  const stillOpen = async (key: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/images', headers: { 'x-api-key': key } })).statusCode;

  it('a reset by the owner revokes a key left behind: /v1, /clipdrop and /api/images refuse it, and the mail says so', async () => {
    // Someone registered the address first, confirmed it somehow, and left a key.
    const squatter = await register(t.app, { name: 'Victim' });
    const { key } = await createKey(t, squatter.token, { name: 'backdoor' });
    expect(await stillOpen(key)).toBe(200);

    expect((await post(t.app, '/api/user/reset-request', undefined, { email: squatter.user.email })).statusCode).toBe(
      200,
    );
    const [mail] = await waitForMail(t.location.dataDir, squatter.user.email, {
      subject: 'Reset your Lumigen password',
    });
    const reset = await post(t.app, '/api/user/reset', undefined, {
      token: tokenOf(linkIn(mail!, `${origin}/reset`)),
      password: 'the owner takes it back',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(messages.passwordReset);

    expect(await routesOpen(key)).toEqual({ openai: 401, clipdrop: 403, images: 401 });
    expect(await listKeys(t.app, reset.json().token)).toEqual([]);
    const [done] = await waitForMail(t.location.dataDir, squatter.user.email, {
      subject: 'Your Lumigen password was reset',
    });
    expect(done!.text).toContain("the account's 1 API key was revoked");
  });

  it('change-password revokes the keys by default and keeps them with revokeApiKeys: false', async () => {
    const owner = await register(t.app);
    const first = await createKey(t, owner.token);
    const changed = await post(t.app, '/api/user/change-password', owner.token, {
      currentPassword: owner.password,
      newPassword: 'second password here',
    });
    expect([changed.statusCode, changed.json().message]).toEqual([200, messages.passwordChangedKeysRevoked]);
    expect(await routesOpen(first.key)).toEqual({ openai: 401, clipdrop: 403, images: 401 });

    const second = await createKey(t, owner.token);
    const kept = await post(t.app, '/api/user/change-password', owner.token, {
      currentPassword: 'second password here',
      newPassword: 'third password here',
      revokeApiKeys: false,
    });
    expect([kept.statusCode, kept.json().message]).toEqual([200, messages.passwordChanged]);
    expect(await stillOpen(second.key)).toBe(200);

    const wrongType = await post(t.app, '/api/user/change-password', owner.token, {
      currentPassword: 'third password here',
      newPassword: 'fourth password',
      revokeApiKeys: 'no',
    });
    expect([wrongType.statusCode, wrongType.json().message]).toEqual([400, 'Revoke API keys must be true or false']);
    expect(await stillOpen(second.key)).toBe(200);
  });

  it("logout-others revokes the keys by default (the specification's empty body too) and keeps them with revokeApiKeys: false", async () => {
    const owner = await register(t.app);
    const kept = await createKey(t, owner.token);
    const keep = await post(t.app, '/api/user/logout-others', owner.token, { revokeApiKeys: false });
    expect([keep.statusCode, keep.json().message]).toEqual([200, messages.otherSessionsEnded]);
    expect(await stillOpen(kept.key)).toBe(200);

    const empty = await post(t.app, '/api/user/logout-others', owner.token);
    expect([empty.statusCode, empty.json().message]).toEqual([200, messages.otherSessionsEndedKeysRevoked]);
    expect(await stillOpen(kept.key)).toBe(401);

    const another = await createKey(t, owner.token);
    expect((await post(t.app, '/api/user/logout-others', owner.token, { revokeApiKeys: true })).statusCode).toBe(200);
    expect(await routesOpen(another.key)).toEqual({ openai: 401, clipdrop: 403, images: 401 });
  });

  it('refuses to make a key before the address is confirmed, and mails the owner when one is made', async () => {
    const { token, user } = await register(t.app, { name: 'Grace Hopper' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { token },
      payload: { name: 'too early' },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { success: false, message: messages.apiKey.addressUnconfirmed },
    ]);
    expect(await rows(t.database.db, sql`SELECT id FROM api_keys WHERE user_id = ${user.id}`)).toEqual([]);

    await confirmAddressOf(t.database, token);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { token },
      payload: { name: 'Nightly', scopes: ['generate'], dailyCreditCap: 7 },
    });
    expect(made.statusCode).toBe(201);
    const [mail] = await waitForMail(t.location.dataDir, user.email, {
      subject: 'A new API key was created on your Lumigen account',
    });
    expect(mail!.text).toContain('“Nightly”');
    expect(mail!.text).toContain('the scopes generate and a daily cap of 7 credits');
    expect(mail!.text).toContain(`${origin}/profile#developers`);
    expect(mail!.text).not.toContain(made.json().key);
  });
});
