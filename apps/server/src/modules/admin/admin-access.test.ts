import { adminRoutes, isAdminChange, type AdminRoute } from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { adminRouteExamples, confirmAdmin, registerAdmin, type AdminFixture } from '../../test/admin.ts';
import { createKey } from '../../test/api-keys.ts';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { hashToken } from '../../lib/tokens.ts';

const routes = Object.keys(adminRoutes) as AdminRoute[];

/**
 * Every operator's route, from the contract's table: nobody but a signed-in admin session learns
 * it exists (404, as an unknown route), and a change needs the password typed within 15 minutes.
 */
describe.each(databaseKinds)('who reaches /api/admin on %s', (kind) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;
  let adminKey: string;
  let customer: Awaited<ReturnType<typeof register>>;
  let customerKey: string;
  let fixture: AdminFixture;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await registerAdmin(t);
    // An admin's key still opens nothing here: keys are for scripts, the console is for people.
    adminKey = (await createKey(t, admin.token, { name: 'admin script', scopes: ['read', 'generate', 'tools'] })).key;
    customer = await register(t.app, { name: 'Ada Customer' });
    customerKey = (await createKey(t, customer.token, { name: 'script', scopes: ['read', 'generate', 'tools'] })).key;
    fixture = { customerId: customer.user.id };
  });
  afterAll(() => t.close());

  const request = (route: AdminRoute, headers: Record<string, string>): InjectOptions => {
    const { url, payload } = adminRouteExamples[route](fixture);
    return {
      method: route.split(' ')[0] as InjectOptions['method'],
      url,
      headers,
      ...(payload ? { payload } : {}),
    };
  };

  it('every route of the table is registered', () => {
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
  });

  it('every /api/admin route the app serves is in the table, so the tests below cover it', () => {
    const served = t.app
      .printRoutes({ commonPrefix: false, includeMeta: false })
      .split('\n')
      .map((line) => /(\/api\/admin\S*) \(([^)]+)\)/.exec(line))
      .filter((match) => match !== null)
      .flatMap((match) => match[2]!.split(', ').map((method) => `${method} ${match[1]}`))
      .filter((route) => !route.startsWith('HEAD '));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !(route in adminRoutes))).toEqual([]);
  });

  describe.each(routes)('%s', (route) => {
    const callers = {
      'a visitor': () => ({}),
      'a customer': () => ({ token: customer.token }),
      "a customer's API key as a bearer": () => ({ authorization: `Bearer ${customerKey}` }),
      "a customer's API key as x-api-key": () => ({ 'x-api-key': customerKey }),
      "an admin's API key": () => ({ authorization: `Bearer ${adminKey}` }),
      "an admin's API key as x-api-key": () => ({ 'x-api-key': adminKey }),
    };
    it.each(Object.keys(callers) as (keyof typeof callers)[])('answers 404 to %s, as an unknown route', async (who) => {
      const response = await t.app.inject(request(route, callers[who]()));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.notFound });
    });

    it('answers 404 to a customer even with a body it cannot parse', async () => {
      const response = await t.app.inject({ ...request(route, { token: customer.token }), payload: { nonsense: 1 } });
      expect(response.statusCode).toBe(404);
    });

    if (isAdminChange(route)) {
      it('answers an admin 403 confirm_password until the password is confirmed, then 200', async () => {
        const fresh = await registerAdmin(t);
        const refused = await t.app.inject(request(route, { token: fresh.token }));
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'confirm_password', message: messages.admin.confirmPassword });
        await confirmAdmin(t.app, fresh);
        expect((await t.app.inject(request(route, { token: fresh.token }))).statusCode).toBe(200);
      });

      it('answers 403 again once the confirmation is older than 15 minutes', async () => {
        const fresh = await registerAdmin(t);
        await confirmAdmin(t.app, fresh);
        await t.database.db.execute(
          sql`UPDATE sessions SET password_confirmed_at = now() - interval '16 minutes' WHERE token_hash = ${hashToken(fresh.token)}`,
        );
        const refused = await t.app.inject(request(route, { token: fresh.token }));
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'confirm_password' });
      });
    } else {
      it('answers an admin 200 without a confirmation', async () => {
        const fresh = await registerAdmin(t);
        expect((await t.app.inject(request(route, { token: fresh.token }))).statusCode).toBe(200);
      });
    }
  });

  it('a confirmation covers only the session that made it', async () => {
    await confirmAdmin(t.app, admin);
    const other = await post(t.app, '/api/user/login', undefined, {
      email: admin.user.email,
      password: admin.password,
    });
    const otherToken = (other.json() as { token: string }).token;
    const route: AdminRoute = 'POST /api/admin/users/:id/credits';
    expect((await t.app.inject(request(route, { token: admin.token }))).statusCode).toBe(200);
    expect((await t.app.inject(request(route, { token: otherToken }))).statusCode).toBe(403);
  });

  it('a wrong password confirms nothing', async () => {
    const fresh = await registerAdmin(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/confirm',
      headers: { token: fresh.token },
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: messages.admin.wrongPassword });
    const [session] = await rows<{ at: Date | null }>(
      t.database.db,
      sql`SELECT password_confirmed_at AS at FROM sessions WHERE token_hash = ${hashToken(fresh.token)}`,
    );
    expect(session!.at).toBeNull();
  });

  it('an admin whose role is revoked gets 404 on the next request', async () => {
    const fresh = await registerAdmin(t);
    expect((await t.app.inject({ url: '/api/admin/actions', headers: { token: fresh.token } })).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE users SET role = 'customer' WHERE id = ${fresh.user.id}`);
    expect((await t.app.inject({ url: '/api/admin/actions', headers: { token: fresh.token } })).statusCode).toBe(404);
  });

  it('the session answer tells the web app who is an admin', async () => {
    const answer = async (token: string) =>
      (await post(t.app, '/api/image/get-credit', token)).json() as { role: string };
    expect((await answer(admin.token)).role).toBe('admin');
    expect((await answer(customer.token)).role).toBe('customer');
  });
});
