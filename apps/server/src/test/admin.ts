import type { AdminRoute } from '@lumigen/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { setRoleByEmail } from '../modules/accounts/index.ts';
import { confirmAddressOf } from './api-keys.ts';
import { register } from './harness.ts';

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

/** What the access test knows of the world: a customer to act on. */
export type AdminFixture = { customerId: string };

/**
 * A request to each operator's route that an admin's confirmed session gets 200 for. Typed by the
 * contract's table: a route added there without an example here does not compile, and the access
 * test (admin-access.test.ts) holds every one to the guard.
 */
export const adminRouteExamples: Record<
  AdminRoute,
  (fixture: AdminFixture) => { url: string; payload?: Record<string, unknown> }
> = {
  'POST /api/admin/confirm': () => ({ url: '/api/admin/confirm', payload: { password: 'correct horse battery' } }),
  'GET /api/admin/actions': () => ({ url: '/api/admin/actions' }),
  'GET /api/admin/users': () => ({ url: '/api/admin/users?q=example' }),
  'POST /api/admin/users/:id/credits': ({ customerId }) => ({
    url: `/api/admin/users/${customerId}/credits`,
    payload: { delta: 1, reason: 'Access test grant' },
  }),
  'GET /api/admin/prices': () => ({ url: '/api/admin/prices' }),
  'PUT /api/admin/prices/:action': () => ({
    url: '/api/admin/prices/upscale',
    payload: { credits: 1, reason: 'Access test price' },
  }),
};
