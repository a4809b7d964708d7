import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, register, startTestApp, uniqueEmail, type TestContext } from '../../test/harness.ts';
import { waitForMail } from '../../test/mail.ts';

// Client addresses from documentation ranges, in X-Forwarded-For only: no traffic goes anywhere.
const ownerIp = '198.51.100.7';
const guessingSubject = 'Someone is trying to sign in to your Lumigen account';
const resetSubject = 'Reset your Lumigen password';

/** Limits that a stranger cannot turn against the owner of an address. */
describe.each(databaseKinds)('limits no one can aim, on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT_IP_MAX: '30',
      AUTH_RATE_LIMIT_EMAIL_MAX: '10',
    });
  });
  afterAll(() => t.close());

  const call = (url: string, payload: object, from: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const login = (email: string, password: string, from: string, cookie?: string) =>
    call('/api/user/login', { email, password }, from, cookie);
  /** The device cookie a successful login sets, as the browser sends it back. */
  const deviceCookieOf = (response: Awaited<ReturnType<typeof login>>) => {
    const header = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('lumigen_device='));
    if (!header) throw new Error('no device cookie');
    return { header, cookie: header.split(';')[0]! };
  };
  const counted = async (key: string) =>
    (await rows<{ count: number }>(t.database.db, sql`SELECT count FROM rate_limits WHERE key = ${key}`))[0]?.count ??
    0;

  it("one client's 200 wrong guesses from 203.0.113.0/24 leave the owner's device signing in, and the owner is mailed once", async () => {
    const { user, password } = await register(t.app, { name: 'Owner' });
    const earlier = await login(user.email, password, ownerIp);
    expect(earlier.statusCode).toBe(200);
    const device = deviceCookieOf(earlier);
    expect(device.header).toMatch(/HttpOnly/i);
    expect(device.header).toMatch(/SameSite=Strict/i);
    expect(device.header).not.toMatch(/Secure/i);
    expect(earlier.body).not.toContain(device.cookie.split('=')[1]);

    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1)
      statuses.push((await login(user.email, 'wrong guess', `203.0.113.${(i % 20) + 1}`)).statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150);

    // A stranger, even with the right password, is refused; the owner's browser is not.
    expect((await login(user.email, password, '192.0.2.44')).statusCode).toBe(429);
    expect((await login(user.email, password, ownerIp, device.cookie)).statusCode).toBe(200);
    // Another account's device cookie opens nothing here.
    const other = await register(t.app);
    const otherDevice = deviceCookieOf(await login(other.user.email, other.password, '192.0.2.45'));
    expect((await login(user.email, password, '192.0.2.45', otherDevice.cookie)).statusCode).toBe(429);

    const mails = await waitForMail(t.location.dataDir, user.email, { subject: guessingSubject });
    expect(mails[0]!.text).toContain('Hello Owner,');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await waitForMail(t.location.dataDir, user.email, { subject: guessingSubject })).toHaveLength(1);
  });

  it('never counts against the address an attempt that the client limits refused', async () => {
    const { user, password } = await register(t.app);
    // One client: 10 failures for the pair, then refusals that must not reach the address count.
    for (let i = 0; i < 100; i += 1) await login(user.email, 'wrong guess', '203.0.113.77');
    expect(await counted(`login-fail:email:${user.email}`)).toBe(10);
    expect((await login(user.email, password, '192.0.2.60')).statusCode).toBe(200);
  });

  it("20 reset requests from one client cannot keep the owner's mail away", async () => {
    const { user, password } = await register(t.app);
    const device = deviceCookieOf(await login(user.email, password, ownerIp));
    const answers = [];
    for (let i = 0; i < 20; i += 1)
      answers.push(await call('/api/user/reset-request', { email: user.email }, '203.0.113.90'));
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(
      new Set([answers[0] && `200 ${answers[0].body}`]),
    );
    expect(await waitForMail(t.location.dataDir, user.email, { subject: resetSubject })).toHaveLength(1);

    // From another client, answered alike; the owner's browser gets a fresh link at once.
    expect((await call('/api/user/reset-request', { email: user.email }, '192.0.2.70')).statusCode).toBe(200);
    expect((await call('/api/user/reset-request', { email: user.email }, ownerIp, device.cookie)).statusCode).toBe(200);
    expect(await waitForMail(t.location.dataDir, user.email, { subject: resetSubject, count: 2 })).toHaveLength(2);
  });
});

describe.each(databaseKinds)('refused floods on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_IP_MAX: '30' });
  });
  afterAll(() => t.close());

  it("writes no rate-limit rows beyond the first window's for a refused flood of 500 attempts", async () => {
    const before = (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM rate_limits`))[0]!.n;
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/login',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': '203.0.113.200' },
            payload: { email: uniqueEmail('flood'), password: 'x' },
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(470);
    const written = await rows<{ key: string; count: number }>(t.database.db, sql`SELECT key, count FROM rate_limits`);
    // The first window's: the client, and each address and pair of the 30 attempts that ran.
    expect(written.length - before).toBeLessThanOrEqual(1 + 30 + 30);
    expect(written.find((row) => row.key === 'login-fail:ip:203.0.113.200')?.count).toBe(30);
  });
});
