import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';

describe.each(databaseKinds)('account control on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => post(t.app, '/api/user/login', undefined, { email, password });
  const alive = async (token: string) => (await post(t.app, '/api/image/get-credit', token)).statusCode === 200;

  it('updates the name of the signed-in user only', async () => {
    const a = await register(t.app, { name: 'Old Name' });
    const b = await register(t.app, { name: 'Other Person' });
    const updated = await post(t.app, '/api/user/update', a.token, { name: '  New Name ' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      success: true,
      message: 'Your name has been updated.',
      user: {
        id: a.user.id,
        name: 'New Name',
        email: a.user.email,
        creditBalance: 5,
        emailVerified: false,
        role: 'customer',
      },
    });
    expect((await post(t.app, '/api/image/get-credit', a.token)).json().name).toBe('New Name');
    expect((await post(t.app, '/api/image/get-credit', b.token)).json().name).toBe('Other Person');
    for (const [body, message] of [
      [{ name: ' ' }, 'Name is required'],
      [{ name: 'n'.repeat(81) }, 'Name must be at most 80 characters'],
      [{ name: 'X', id: b.user.id }, 'Unknown field: id'],
    ] as const) {
      const refused = await post(t.app, '/api/user/update', a.token, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message });
    }
    expect((await post(t.app, '/api/user/update', undefined, { name: 'Nobody' })).statusCode).toBe(401);
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const { user, token, password } = await register(t.app);
    const other = (await login(user.email, password)).json().token as string;
    const wrong = await post(t.app, '/api/user/change-password', token, {
      currentPassword: 'not my password',
      newPassword: 'a new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: 'The current password is not correct' });
    const short = await post(t.app, '/api/user/change-password', token, {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.json()).toEqual({ success: false, message: 'New password must be at least 8 characters' });
    expect(await alive(other)).toBe(true);

    const changed = await post(t.app, '/api/user/change-password', token, {
      currentPassword: password,
      newPassword: 'a new password',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      success: true,
      message:
        'Your password has been changed. Other sessions were signed out and every API key was revoked; this session stays signed in.',
    });
    expect(await alive(token)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, 'a new password')).statusCode).toBe(200);
    expect(
      (
        await post(t.app, '/api/user/change-password', undefined, {
          currentPassword: 'a new password',
          newPassword: 'another one!',
        })
      ).statusCode,
    ).toBe(401);
  });

  it("logout-others ends the user's other sessions and no one else's", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const aOther = (await login(a.user.email, a.password)).json().token as string;
    const out = await post(t.app, '/api/user/logout-others', a.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({
      success: true,
      message: 'Every other session has been signed out and every API key was revoked.',
    });
    expect(await alive(a.token)).toBe(true);
    expect(await alive(aOther)).toBe(false);
    expect(await alive(b.token)).toBe(true);
    expect((await post(t.app, '/api/user/logout-others')).statusCode).toBe(401);
  });

  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const sessionsOf = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: token ? { token } : {} });

  it('lists live sessions with device, dates and this one marked; revokes one by id, owner only', async () => {
    const a = await register(t.app);
    const fromFirefox = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'user-agent': firefox },
        payload: { email: a.user.email, password: a.password },
      })
    ).json().token as string;
    const fromPhone = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'user-agent': iphone },
        payload: { email: a.user.email, password: a.password },
      })
    ).json().token as string;
    const b = await register(t.app);

    const listed = await sessionsOf(fromFirefox);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().sessions as Array<{
      id: string;
      device: string;
      current: boolean;
      createdAt: string;
      lastUsedAt: string;
    }>;
    expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Firefox on Windows', true],
      ['Safari on iOS', false],
      ['Unknown device', false],
    ]);
    // Never used since sign-up: last used is when it was made. Used (this very listing): later.
    const unused = sessions.find((s) => s.device === 'Unknown device')!;
    expect(unused.lastUsedAt).toBe(unused.createdAt);
    let current = sessions.find((s) => s.current)!;
    for (let i = 0; i < 40 && current.lastUsedAt === current.createdAt; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (await sessionsOf(fromFirefox)).json().sessions.find((s: { current: boolean }) => s.current);
    }
    expect(Date.parse(current.lastUsedAt)).toBeGreaterThan(Date.parse(current.createdAt));
    const phone = sessions.find((s) => s.device === 'Safari on iOS')!;

    // B can neither see nor end A's sessions.
    expect((await sessionsOf(b.token)).json().sessions).toHaveLength(1);
    const foreign = await post(t.app, `/api/user/sessions/${phone.id}/revoke`, b.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Not found' });
    expect(await alive(fromPhone)).toBe(true);

    const revoked = await post(t.app, `/api/user/sessions/${phone.id}/revoke`, fromFirefox);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: 'That session has been signed out.' });
    expect(await alive(fromPhone)).toBe(false);
    expect(await alive(fromFirefox)).toBe(true);
    expect((await post(t.app, `/api/user/sessions/${phone.id}/revoke`, fromFirefox)).statusCode).toBe(404);
    expect((await post(t.app, '/api/user/sessions/not-an-id/revoke', fromFirefox)).statusCode).toBe(404);
    expect(
      (await sessionsOf(fromFirefox))
        .json()
        .sessions.map((s: { device: string }) => s.device)
        .sort(),
    ).toEqual(['Firefox on Windows', 'Unknown device']);
    expect((await sessionsOf()).statusCode).toBe(401);
  });
});
