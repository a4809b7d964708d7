import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rows } from '../../db/client.ts';
import {
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness.ts';
import { linkIn, tokenOf, waitForMail } from '../../test/mail.ts';

const origin = 'https://studio.lumigen.example';
const subject = 'Confirm your e-mail address for Lumigen';

async function verifyToken(t: TestContext, email: string, count = 1): Promise<string> {
  const mails = await waitForMail(t.location.dataDir, email, { subject, count });
  return tokenOf(linkIn(mails[count - 1]!, `${origin}/verify#token=`));
}

const login = (t: TestContext, email: string, password: string) =>
  post(t.app, '/api/user/login', undefined, { email, password });

describe.each(databaseKinds)('e-mail verification on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_ORIGIN: origin });
  });
  afterAll(() => t.close());

  it('mails a link at sign-up that confirms the address once; the bonus stays granted at sign-up by default', async () => {
    expect(loadConfig({}).signupBonusAfterVerification).toBe(false);
    const { user, password, token: session } = await register(t.app, { name: 'Vera Fied' });
    expect(user).toMatchObject({ creditBalance: 5, emailVerified: false });
    expect((await post(t.app, '/api/image/get-credit', session)).json()).toMatchObject({ emailVerified: false });
    const [mail] = await waitForMail(t.location.dataDir, user.email, { subject });
    expect(mail!.text).toContain('Hello Vera Fied,');
    const token = await verifyToken(t, user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await rows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM account_tokens WHERE user_id = ${user.id} AND purpose = 'email_verification'`,
    );
    expect(stored?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    const verified = await post(t.app, '/api/user/verify', undefined, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: 'Your e-mail address is confirmed.', creditBalance: 5 });
    expect((await login(t, user.email, password)).json().user).toMatchObject({ emailVerified: true, creditBalance: 5 });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    // A session opened before the link was used sees it too: the web app's notice reads get-credit.
    expect((await post(t.app, '/api/image/get-credit', session)).json()).toMatchObject({
      emailVerified: true,
      creditBalance: 5,
    });

    const again = await post(t.app, '/api/user/verify', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: 'This confirmation link has already been used.' });
  });

  it('refuses an expired and a wrong link, and leaves the address unconfirmed', async () => {
    const { user, password } = await register(t.app);
    const token = await verifyToken(t, user.email);
    await t.database.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const expired = await post(t.app, '/api/user/verify', undefined, { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      success: false,
      message: 'This confirmation link has expired. Sign in and ask for a new one.',
    });
    for (const wrong of ['B'.repeat(43), 'short']) {
      const answer = await post(t.app, '/api/user/verify', undefined, { token: wrong });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        success: false,
        message: 'This confirmation link is not valid. Sign in and ask for a new one.',
      });
    }
    const missing = await post(t.app, '/api/user/verify', undefined, {});
    expect(missing.json()).toEqual({ success: false, message: 'Token is required' });
    expect((await login(t, user.email, password)).json().user.emailVerified).toBe(false);
  });

  it('a password reset link cannot confirm an address, nor a confirmation link reset a password', async () => {
    const { user } = await register(t.app);
    const verify = await verifyToken(t, user.email);
    const asReset = await post(t.app, '/api/user/reset', undefined, {
      token: verify,
      password: 'a brand new password',
    });
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json().message).toBe('This password reset link is not valid. Request a new one.');
    expect((await post(t.app, '/api/user/verify', undefined, { token: verify })).statusCode).toBe(200);
  });

  it('resends a fresh link to a signed-in, unconfirmed user only', async () => {
    const { user, token: session } = await register(t.app);
    const unauthenticated = await post(t.app, '/api/user/verify-resend');
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ success: false, message: 'Please log in to continue' });

    const resent = await post(t.app, '/api/user/verify-resend', session);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      success: true,
      message: `We sent a new confirmation link to ${user.email}. Check your inbox.`,
    });
    const fresh = await verifyToken(t, user.email, 2);
    expect((await post(t.app, '/api/user/verify', undefined, { token: fresh })).statusCode).toBe(200);

    const done = await post(t.app, '/api/user/verify-resend', session);
    expect(done.statusCode).toBe(400);
    expect(done.json()).toEqual({ success: false, message: 'Your e-mail address is already confirmed.' });
  });
});

describe.each(databaseKinds)('SIGNUP_BONUS_AFTER_VERIFICATION=true on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      PUBLIC_ORIGIN: origin,
      SIGNUP_BONUS_AFTER_VERIFICATION: 'true',
      AUTH_RATE_LIMIT_EMAIL_MAX: '2',
    });
  });
  afterAll(() => t.close());

  it('grants the 5 credits once, on verification, through the ledger', async () => {
    const email = uniqueEmail('later');
    const response = await post(t.app, '/api/user/register', undefined, {
      name: 'Later Bonus',
      email,
      password: 'long enough password',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message:
        'Registered successfully! Confirm your e-mail address with the link we sent you to receive your 5 free credits.',
      user: { creditBalance: 0, emailVerified: false },
    });
    const userId = response.json().user.id as string;
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 0 });

    const token = await verifyToken(t, email);
    const verified = await post(t.app, '/api/user/verify', undefined, { token });
    expect(verified.json()).toEqual({
      success: true,
      message: 'Your e-mail address is confirmed. 5 free credits were added to your account.',
      creditBalance: 5,
    });
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    const [row] = await rows<{ reason: string }>(
      t.database.db,
      sql`SELECT reason FROM credit_ledger WHERE user_id = ${userId}`,
    );
    expect(row?.reason).toBe('signup_bonus');

    expect((await post(t.app, '/api/user/verify', undefined, { token })).statusCode).toBe(400);
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('rate-limits resends per account', async () => {
    const { token } = await register(t.app);
    expect((await post(t.app, '/api/user/verify-resend', token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/user/verify-resend', token)).statusCode).toBe(200);
    const limited = await post(t.app, '/api/user/verify-resend', token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
