import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import {
  countRows,
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness.ts';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('creates the account with 5 credits granted as a ledger row, and signs in', async () => {
      const email = uniqueEmail('New.Person');
      const response = await post(t.app, '/api/user/register', undefined, {
        name: '  Grace Hopper ',
        email: `  ${email.toUpperCase()} `,
        password: 'a long enough password',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Registered successfully!',
        user: { name: 'Grace Hopper', email: email.toLowerCase(), creditBalance: 5 },
      });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await ledgerState(t.database, body.user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      const [bonus] = await rows<{ reason: string; delta: number }>(
        t.database.db,
        sql`SELECT reason, delta FROM credit_ledger WHERE user_id = ${body.user.id}`,
      );
      expect(bonus).toEqual({ reason: 'signup_bonus', delta: 5 });
      const credit = await post(t.app, '/api/image/get-credit', body.token);
      expect(credit.json()).toMatchObject({ creditBalance: 5, name: 'Grace Hopper' });
    });

    it('stores only the SHA-256 of the token and an argon2id hash of the password', async () => {
      const { token, user, password } = await register(t.app);
      const sessionsOfUser = await rows<{ token_hash: string }>(
        t.database.db,
        sql`SELECT token_hash FROM sessions WHERE user_id = ${user.id}`,
      );
      expect(sessionsOfUser).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
      const [stored] = await rows<{ password_hash: string }>(
        t.database.db,
        sql`SELECT password_hash FROM users WHERE id = ${user.id}`,
      );
      expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
      expect(stored?.password_hash).not.toContain(password);
    });

    it('refuses an e-mail already registered, whatever its case, with 409', async () => {
      const { user } = await register(t.app);
      const again = await post(t.app, '/api/user/register', undefined, {
        name: 'Someone',
        email: user.email.toUpperCase(),
        password: 'another password',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: 'Email already registered' });
    });

    it('creates exactly one account for 10 concurrent registrations of one e-mail', async () => {
      const email = uniqueEmail('race');
      const before = await countRows(t.database, 'users');
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(t.app, '/api/user/register', undefined, { name: `Racer ${i}`, email, password: 'racing password' }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      expect(await countRows(t.database, 'users')).toBe(before + 1);
      const [ledger] = await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = ${email}`,
      );
      expect(ledger?.n).toBe(1);
    });

    it.each([
      [{ name: 'Al', email: 'x@example.com', password: 'short' }, 'Password must be at least 8 characters'],
      [{ name: 'Al', email: 'x@example.com', password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ name: '   ', email: 'x@example.com', password: 'long enough' }, 'Name is required'],
      [{ name: 'n'.repeat(81), email: 'x@example.com', password: 'long enough' }, 'Name must be at most 80 characters'],
      [{ name: 'Al', email: 'not-an-email', password: 'long enough' }, 'Email must be a valid email address'],
    ])('rejects %o with "%s" and creates nothing', async (payload, message) => {
      const before = await countRows(t.database, 'users');
      const response = await post(t.app, '/api/user/register', undefined, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
      expect(await countRows(t.database, 'users')).toBe(before);
    });
  });

  describe('login', () => {
    it('signs in with the right password, e-mail in any case and padding', async () => {
      const { user, password } = await register(t.app);
      const response = await post(t.app, '/api/user/login', undefined, {
        email: ` ${user.email.toUpperCase()}`,
        password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Login successfully!',
        user: { id: user.id, creditBalance: 5 },
      });
      expect(response.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const { user } = await register(t.app);
      const wrong = await post(t.app, '/api/user/login', undefined, {
        email: user.email,
        password: 'not the password',
      });
      const unknown = await post(t.app, '/api/user/login', undefined, {
        email: uniqueEmail('nobody'),
        password: 'whatever it is',
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'Invalid email or password' });
      }
    });

    it('keeps a session 1 day without "remember" and 30 days with it', async () => {
      const { user, password } = await register(t.app);
      const day = 24 * 60 * 60 * 1000;
      for (const [remember, days] of [
        [false, 1],
        [true, 30],
      ] as const) {
        const response = await post(t.app, '/api/user/login', undefined, { email: user.email, password, remember });
        const hash = createHash('sha256').update(response.json().token).digest('hex');
        const [session] = await rows<{ expires_at: Date; remember: boolean }>(
          t.database.db,
          sql`SELECT expires_at, remember FROM sessions WHERE token_hash = ${hash}`,
        );
        expect(session?.remember).toBe(remember);
        const lifetime = new Date(session!.expires_at).getTime() - Date.now();
        expect(lifetime).toBeGreaterThan(days * day - 60_000);
        expect(lifetime).toBeLessThanOrEqual(days * day);
      }
    });
  });

  describe('tokens', () => {
    it('accepts the token header and Authorization: Bearer', async () => {
      const { token } = await register(t.app);
      const viaHeader = await post(t.app, '/api/image/get-credit', token);
      const viaBearer = await t.app.inject({
        method: 'POST',
        url: '/api/image/get-credit',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(viaHeader.statusCode).toBe(200);
      expect(viaBearer.statusCode).toBe(200);
    });

    it('logout revokes the token and leaves other sessions alone', async () => {
      const { token, user, password } = await register(t.app);
      const other = (await post(t.app, '/api/user/login', undefined, { email: user.email, password })).json()
        .token as string;
      const out = await post(t.app, '/api/user/logout', token);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true, message: 'Logged out' });
      expect((await post(t.app, '/api/image/get-credit', token)).statusCode).toBe(401);
      expect((await post(t.app, '/api/user/logout', token)).statusCode).toBe(401);
      expect((await post(t.app, '/api/image/get-credit', other)).statusCode).toBe(200);
    });

    it('answers 401 to absent, malformed, unknown, expired and revoked tokens, and changes nothing', async () => {
      const { token, user } = await register(t.app);
      const expired = await register(t.app);
      await t.database.db.execute(
        sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${expired.user.id}`,
      );
      const revoked = await register(t.app);
      await post(t.app, '/api/user/logout', revoked.token);

      const attempts: Array<string | undefined> = [
        undefined,
        'not a token',
        `${token}x`,
        'A'.repeat(43),
        expired.token,
        revoked.token,
      ];
      for (const attempt of attempts) {
        for (const url of ['/api/image/get-credit', '/api/image/deduct-credit', '/api/user/logout']) {
          const response = await post(t.app, url, attempt);
          expect(response.statusCode, `${url} with ${attempt}`).toBe(401);
          expect(response.json()).toEqual({ success: false, message: 'Please log in to continue' });
        }
      }
      for (const id of [user.id, expired.user.id, revoked.user.id]) {
        expect(await ledgerState(t.database, id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      }
    });
  });
});
