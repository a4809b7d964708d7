import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, post, register, startTestApp, uniqueEmail, type TestContext } from '../../test/harness.ts';
import { linkIn, outbox, tokenOf, waitForMail } from '../../test/mail.ts';

const origin = 'https://studio.lumigen.example';
const resetSubject = 'Reset your Lumigen password';
const resetRequested =
  'If an account exists for this address, we have sent it a link to reset the password. Check your inbox.';

describe.each(databaseKinds)('password reset on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_ORIGIN: origin });
  });
  afterAll(() => t.close());

  /**
   * Asks for a reset of `email` and returns the token from the link the user receives. A further
   * link is mailed only 5 minutes after the last: earlier links are moved back that far first.
   */
  async function resetToken(email: string, already = 0): Promise<string> {
    if (already > 0)
      await t.database.db.execute(
        sql`UPDATE account_tokens SET created_at = created_at - interval '5 minutes' WHERE email = ${email}`,
      );
    const response = await post(t.app, '/api/user/reset-request', undefined, { email });
    expect(response.statusCode).toBe(200);
    const mails = await waitForMail(t.location.dataDir, email, { count: already + 1, subject: resetSubject });
    return tokenOf(linkIn(mails[mails.length - 1]!, `${origin}/reset#token=`));
  }

  it('answers a known and an unknown address identically, and mails only the known one a link', async () => {
    const { user } = await register(t.app, { name: 'Known Person' });
    const unknownEmail = uniqueEmail('nobody');
    const known = await post(t.app, '/api/user/reset-request', undefined, { email: ` ${user.email.toUpperCase()} ` });
    const unknown = await post(t.app, '/api/user/reset-request', undefined, { email: unknownEmail });
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: resetRequested });
    }
    expect(known.body).toBe(unknown.body);

    const [mail] = await waitForMail(t.location.dataDir, user.email, { subject: resetSubject });
    expect(mail!.text).toContain('Hello Known Person,');
    const token = tokenOf(linkIn(mail!, `${origin}/reset#token=`));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain(`${origin}/reset#token=${token}`);

    // Only the hash is stored; nothing at all for the unknown address.
    const stored = await rows<{ token_hash: string; purpose: string; expires_at: Date }>(
      t.database.db,
      sql`SELECT token_hash, purpose, expires_at FROM account_tokens WHERE user_id = ${user.id} AND purpose = 'password_reset'`,
    );
    expect(stored.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    const lifetime = new Date(stored[0]!.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outbox(t.location.dataDir)).filter((m) => m.to === unknownEmail)).toEqual([]);
  });

  it('sets the new password once, signs out every old session and signs in', async () => {
    const { user, token: oldSession, password } = await register(t.app);
    const otherSession = (
      await post(t.app, '/api/user/login', undefined, { email: user.email, password, remember: true })
    ).json().token as string;
    const token = await resetToken(user.email);

    const reset = await post(t.app, '/api/user/reset', undefined, { token, password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    const body = reset.json();
    expect(body).toMatchObject({
      success: true,
      message:
        'Your password has been changed and you are signed in. Other sessions were signed out and every API key was revoked.',
      user: { id: user.id, email: user.email, creditBalance: 5 },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await post(t.app, '/api/image/get-credit', oldSession)).statusCode).toBe(401);
    expect((await post(t.app, '/api/image/get-credit', otherSession)).statusCode).toBe(401);
    expect((await post(t.app, '/api/image/get-credit', body.token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/user/login', undefined, { email: user.email, password })).statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/user/login', undefined, { email: user.email, password: 'a brand new password' }))
        .statusCode,
    ).toBe(200);

    const again = await post(t.app, '/api/user/reset', undefined, { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      message: 'This password reset link has already been used. Request a new one.',
    });
    expect(
      (await post(t.app, '/api/user/login', undefined, { email: user.email, password: 'a brand new password' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired link, a wrong token and a link older than the one used', async () => {
    const { user, password } = await register(t.app);
    const expired = await resetToken(user.email);
    await t.database.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const expiredAnswer = await post(t.app, '/api/user/reset', undefined, {
      token: expired,
      password: 'a brand new password',
    });
    expect(expiredAnswer.statusCode).toBe(400);
    expect(expiredAnswer.json()).toEqual({
      success: false,
      message: 'This password reset link has expired. Request a new one.',
    });

    for (const wrong of ['A'.repeat(43), `${expired.slice(0, 42)}x`, 'not a token']) {
      const answer = await post(t.app, '/api/user/reset', undefined, {
        token: wrong,
        password: 'a brand new password',
      });
      expect(answer.statusCode, wrong).toBe(400);
      expect(answer.json()).toEqual({
        success: false,
        message: 'This password reset link is not valid. Request a new one.',
      });
    }

    const older = await resetToken(user.email, 1);
    const newer = await resetToken(user.email, 2);
    expect(
      (await post(t.app, '/api/user/reset', undefined, { token: newer, password: 'the newest password' })).statusCode,
    ).toBe(200);
    const olderAnswer = await post(t.app, '/api/user/reset', undefined, { token: older, password: 'an older attempt' });
    expect(olderAnswer.statusCode).toBe(400);
    expect(olderAnswer.json()).toEqual({
      success: false,
      message: 'This password reset link has already been used. Request a new one.',
    });
    expect((await post(t.app, '/api/user/login', undefined, { email: user.email, password })).statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/user/login', undefined, { email: user.email, password: 'the newest password' }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ token: undefined }, 'Token is required'],
    [{ extra: true }, 'Unknown field: extra'],
  ])('refuses %o with "%s" and leaves the link usable', async (change, message) => {
    const { user } = await register(t.app);
    const token = await resetToken(user.email);
    const answer = await post(t.app, '/api/user/reset', undefined, {
      token,
      password: 'a brand new password',
      ...change,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ success: false, message });
    expect(
      (await post(t.app, '/api/user/reset', undefined, { token, password: 'a brand new password' })).statusCode,
    ).toBe(200);
  });

  it('refuses a malformed address with the register message', async () => {
    const answer = await post(t.app, '/api/user/reset-request', undefined, { email: 'not-an-email' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ success: false, message: 'Email must be a valid email address' });
  });
});

describe.each(databaseKinds)('password reset rate limits on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { AUTH_RATE_LIMIT_IP_MAX: '3', AUTH_RATE_LIMIT_EMAIL_MAX: '2' });
  });
  afterAll(() => t.close());

  const ask = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/reset-request', remoteAddress, payload: { email } });

  it('limits requests per IP for any address, with Retry-After; an address is never refused, it gets one mail per 5 minutes', async () => {
    const { user } = await register(t.app);
    // From three IPs: answered alike, one mail (aimless-limits.test.ts: strangers cannot block the owner's mail).
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) expect((await ask(user.email, ip)).statusCode).toBe(200);
    expect(await waitForMail(t.location.dataDir, user.email, { subject: resetSubject })).toHaveLength(1);

    for (let i = 0; i < 3; i += 1) expect((await ask(uniqueEmail('spray'), '10.2.0.1')).statusCode).toBe(200);
    const limited = await ask(uniqueEmail('spray'), '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
  });
});
