import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  captureLogs,
  databaseKinds,
  post,
  register,
  startTestApp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness.ts';
import { linkIn, tokenOf, waitForMail } from '../../test/mail.ts';

// Counts the password hashes made, to see that a link is checked before one is spent on it.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.ts')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

const origin = 'https://studio.lumigen.example';
const resetSubject = 'Reset your Lumigen password';
const verifySubject = 'Confirm your e-mail address for Lumigen';

/** Mailed links: their tokens never reach a log, and only the newest of a purpose opens anything. */
describe.each(databaseKinds)('mailed link tokens on %s', (kind) => {
  let t: TestContext;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_ORIGIN: origin, LOG_LEVEL: 'info' }, { logger: logs.logger });
  });
  afterAll(() => t.close());

  /** Lets a further reset link be mailed: the last one was issued 5 minutes ago. */
  const fiveMinutesLater = (email: string) =>
    t.database.db.execute(
      sql`UPDATE account_tokens SET created_at = created_at - interval '5 minutes' WHERE email = ${email}`,
    );
  const resetLink = async (email: string, count = 1) =>
    linkIn(
      (await waitForMail(t.location.dataDir, email, { count, subject: resetSubject }))[count - 1]!,
      `${origin}/reset`,
    );

  it('writes no token of a whole verification and reset to the log: the links carry them in the fragment', async () => {
    const { user } = await register(t.app);
    const verifyLink = linkIn(
      (await waitForMail(t.location.dataDir, user.email, { subject: verifySubject }))[0]!,
      `${origin}/verify`,
    );
    expect(verifyLink).toMatch(/^https:\/\/studio\.lumigen\.example\/verify#token=[A-Za-z0-9_-]{43}$/);
    const verifyToken = tokenOf(verifyLink);
    // What a browser asks for (the fragment stays in the browser), and an older link's address that carried the token in its query.
    await t.app.inject({ method: 'GET', url: '/verify' });
    await t.app.inject({ method: 'GET', url: `/verify?token=${verifyToken}` });
    expect((await post(t.app, '/api/user/verify', undefined, { token: verifyToken })).statusCode).toBe(200);

    expect((await post(t.app, '/api/user/reset-request', undefined, { email: user.email })).statusCode).toBe(200);
    const link = await resetLink(user.email);
    expect(link).toMatch(/^https:\/\/studio\.lumigen\.example\/reset#token=[A-Za-z0-9_-]{43}$/);
    const resetToken = tokenOf(link);
    await t.app.inject({ method: 'GET', url: `/reset?token=${resetToken}` });
    await t.app.inject({ method: 'GET', url: `/reset/?token=${resetToken}&utm=mail` });
    expect(
      (await post(t.app, '/api/user/reset', undefined, { token: resetToken, password: 'a brand new password' }))
        .statusCode,
    ).toBe(200);

    const whole = logs.lines.map((line) => JSON.stringify(line)).join('\n');
    expect(whole).toContain('"url":"/reset"');
    expect(whole).toContain('"url":"/verify"');
    expect(whole).not.toContain(verifyToken);
    expect(whole).not.toContain(resetToken);
  });

  it('masks a secret-named query parameter on any other route', async () => {
    const secret = 'lk_' + 'S'.repeat(43);
    await t.app.inject({ method: 'GET', url: `/api/images?key=${secret}&limit=5` });
    const whole = logs.lines.map((line) => JSON.stringify(line)).join('\n');
    expect(whole).not.toContain(secret);
    expect(whole).toContain('/api/images?key=%5Bredacted%5D&limit=5');
  });

  it('spends the older reset links when a new one is mailed', async () => {
    const { user } = await register(t.app);
    await post(t.app, '/api/user/reset-request', undefined, { email: user.email });
    const older = tokenOf(await resetLink(user.email));
    await fiveMinutesLater(user.email);
    await post(t.app, '/api/user/reset-request', undefined, { email: user.email });
    const newer = tokenOf(await resetLink(user.email, 2));

    const refused = await post(t.app, '/api/user/reset', undefined, { token: older, password: 'an older attempt' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'This password reset link has already been used. Request a new one.',
    ]);
    expect(
      (await post(t.app, '/api/user/reset', undefined, { token: newer, password: 'the newest password' })).statusCode,
    ).toBe(200);
  });

  it('mails at most one reset link per 5 minutes per address, answering every request alike', async () => {
    const { user } = await register(t.app);
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await post(t.app, '/api/user/reset-request', undefined, { email: user.email }));
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    const live = tokenOf(await resetLink(user.email));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await waitForMail(t.location.dataDir, user.email, { subject: resetSubject })).toHaveLength(1);
    // The link mailed first still works: the requests that sent nothing spent nothing.
    expect(
      (await post(t.app, '/api/user/reset', undefined, { token: live, password: 'still my link' })).statusCode,
    ).toBe(200);
  });

  it('an e-mail change spends every reset link', async () => {
    const { user, token, password } = await register(t.app);
    await post(t.app, '/api/user/reset-request', undefined, { email: user.email });
    const reset = tokenOf(await resetLink(user.email));
    const newEmail = uniqueEmail('moved');
    expect((await post(t.app, '/api/user/change-email', token, { email: newEmail, password })).statusCode).toBe(200);
    const [changeMail] = await waitForMail(t.location.dataDir, newEmail, {
      subject: 'Confirm your new e-mail address for Lumigen',
    });
    expect(
      (await post(t.app, '/api/user/verify', undefined, { token: tokenOf(linkIn(changeMail!, `${origin}/verify`)) }))
        .statusCode,
    ).toBe(200);

    const refused = await post(t.app, '/api/user/reset', undefined, { token: reset, password: 'from the old mailbox' });
    expect(refused.statusCode).toBe(400);
    expect((await post(t.app, '/api/user/login', undefined, { email: newEmail, password })).statusCode).toBe(200);
  });

  it('checks the token before any password is hashed', async () => {
    const before = hashes.count;
    for (const token of ['A'.repeat(43), 'B'.repeat(43)]) {
      expect(
        (await post(t.app, '/api/user/reset', undefined, { token, password: 'a brand new password' })).statusCode,
      ).toBe(400);
    }
    expect(hashes.count).toBe(before);
  });
});
