import type { AdminRoute } from '@lumigen/contract/admin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Database } from '../db/client.ts';
import { setRoleByEmail, setSuspended } from '../modules/accounts/index.ts';
import { createCreditsService } from '../modules/credits/index.ts';
import { confirmAddressOf, createKey } from './api-keys.ts';
import { register, type TestContext } from './harness.ts';

/** A signed-in admin: registered, address confirmed, role granted as `npm run admin -- grant` does. */
export async function registerAdmin(t: { app: FastifyInstance; database: Database }) {
  const admin = await register(t.app, { name: 'Grace Operator' });
  await confirmAddressOf(t.database, admin.token);
  if (!(await setRoleByEmail(t.database.db, admin.user.email, 'admin'))) throw new Error('no such account');
  return admin;
}

/** Opens changes for the admin's session (`POST /api/admin/confirm`). */
export async function confirmAdmin(app: FastifyInstance, admin: { token: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/confirm',
    headers: { token: admin.token },
    payload: { password: admin.password },
  });
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.statusCode} ${response.body}`);
}

/** What the access test knows of the world: a customer to act on, one of its sessions and keys, a job of theirs that failed. */
export type AdminFixture = { customerId: string; sessionId: string; keyId: string; failedJobId: string };

type Example = {
  request(fixture: AdminFixture): { url: string; payload?: Record<string, unknown> };
  /** For a change that needs a world of its own (a customer to suspend, to delete): made before the admin's call. */
  prepare?(t: TestContext): Promise<Partial<AdminFixture>>;
};

/** A customer of its own, with a session, a key, and whatever `setUp` gives it. */
export async function freshCustomer(
  t: TestContext,
  setUp: (userId: string) => Promise<void> = async () => undefined,
): Promise<Omit<AdminFixture, 'failedJobId'>> {
  const customer = await register(t.app, { name: 'Fresh Customer' });
  const { id: keyId } = await createKey(t, customer.token, { name: 'fresh' });
  const [session] = await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM sessions WHERE user_id = ${customer.user.id} LIMIT 1`,
  );
  await setUp(customer.user.id);
  return { customerId: customer.user.id, sessionId: session!.id, keyId };
}

const reason = 'Access test of the console';

/**
 * A request to each operator's route that an admin's confirmed session gets 200 for. Typed by the
 * contract's table: a route added there without an example here does not compile, and the access
 * test (admin-access.test.ts) holds every one to the guard.
 */
export const adminRouteExamples: Record<AdminRoute, Example> = {
  'POST /api/admin/confirm': {
    request: () => ({ url: '/api/admin/confirm', payload: { password: 'correct horse battery' } }),
  },
  'GET /api/admin/actions': { request: () => ({ url: '/api/admin/actions' }) },
  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users?q=example' }) },
  'GET /api/admin/users/:id': { request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}` }) },
  'POST /api/admin/users/:id/credits': {
    request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}/credits`, payload: { delta: 1, reason } }),
  },
  'POST /api/admin/users/:id/suspend': {
    request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}/suspend`, payload: { reason } }),
    prepare: (t) => freshCustomer(t),
  },
  'POST /api/admin/users/:id/unsuspend': {
    request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}/unsuspend`, payload: { reason } }),
    prepare: (t) => freshCustomer(t, (id) => setSuspended(t.database.db, id, true)),
  },
  'POST /api/admin/users/:id/sessions/:itemId/revoke': {
    request: ({ customerId, sessionId }) => ({
      url: `/api/admin/users/${customerId}/sessions/${sessionId}/revoke`,
      payload: { reason },
    }),
    prepare: (t) => freshCustomer(t),
  },
  'POST /api/admin/users/:id/keys/:itemId/revoke': {
    request: ({ customerId, keyId }) => ({
      url: `/api/admin/users/${customerId}/keys/${keyId}/revoke`,
      payload: { reason },
    }),
    prepare: (t) => freshCustomer(t),
  },
  'POST /api/admin/users/:id/resend-confirmation': {
    request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}/resend-confirmation`, payload: { reason } }),
    prepare: (t) =>
      freshCustomer(t, (id) =>
        t.database.db.execute(sql`UPDATE users SET email_verified_at = NULL WHERE id = ${id}`).then(() => undefined),
      ),
  },
  'POST /api/admin/users/:id/forgive-shortfall': {
    request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}/forgive-shortfall`, payload: { reason } }),
    prepare: (t) => freshCustomer(t, (id) => createCreditsService(t.database.db).recordShortfall(id, 2)),
  },
  'POST /api/admin/users/:id/delete': {
    request: ({ customerId }) => ({ url: `/api/admin/users/${customerId}/delete`, payload: { reason } }),
    prepare: (t) => freshCustomer(t),
  },
  'GET /api/admin/payments': { request: () => ({ url: '/api/admin/payments?days=7' }) },
  'GET /api/admin/jobs': { request: () => ({ url: '/api/admin/jobs?status=failed' }) },
  'POST /api/admin/jobs/:id/retry': {
    request: ({ failedJobId }) => ({
      url: `/api/admin/jobs/${failedJobId}/retry`,
      payload: { charge: false, reason: 'Access test retry' },
    }),
  },
  'GET /api/admin/providers': { request: () => ({ url: '/api/admin/providers' }) },
  'GET /api/admin/overview': { request: () => ({ url: '/api/admin/overview?days=30' }) },
  'GET /api/admin/prices': { request: () => ({ url: '/api/admin/prices' }) },
  'PUT /api/admin/prices/:action': {
    request: () => ({ url: '/api/admin/prices/upscale', payload: { credits: 1, reason: 'Access test price' } }),
  },
};
