import {
  adminActionsQuery,
  adminConfirmRequest,
  adminCreditsRequest,
  adminReasonRequest,
  adminUserItemParams,
  adminUserParams,
  adminUsersQuery,
  type AdminUserResponse,
  isAdminChange,
  type AdminActionsResponse,
  type AdminChangeResponse,
  type AdminConfirmResponse,
  type AdminUsersResponse,
} from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { clientKey } from '../../lib/client-key.ts';
import type { Db } from '../../db/client.ts';
import type { PriceStore } from '../prices/index.ts';
import { adminPricesRoutes } from './admin-prices.routes.ts';
import type { AdminService } from './admin.service.ts';
import { reportRoutes, type ReportRouteDeps } from './reports.routes.ts';

export type AdminRouteDeps = {
  admin: AdminService;
  /** Wrong passwords at the confirmation are guesses too: limited as the account's other password checks. */
  confirmLimit: { max: number; windowMs: number };
  /** Money, work, providers and the overview, behind the same guard. */
  reports: ReportRouteDeps;
  /** The prices of paid actions, with the database their changes are written in. */
  prices: { db: Db; prices: PriceStore };
};

const notFound = () => new AppError('not_found', messages.notFound);

/**
 * `/api/admin/*` (docs/decisions/054). Every route answers 404, as an unknown one would, to anyone
 * but a signed-in admin session: a visitor, a customer, any API key (an admin's too: a key is never
 * a session). A change (anything but a read and the confirmation) also needs the session to have
 * confirmed its password within 15 minutes, else 403 `confirm_password`. Both are checked before
 * the body is read, so a route added in this plugin is guarded without more work.
 */
export async function adminRoutes(app: FastifyInstance, { admin, confirmLimit, reports, prices }: AdminRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.addHook('onRequest', async (request: FastifyRequest) => {
    try {
      await app.requireAuth(request);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') throw notFound();
      throw error;
    }
    if (request.auth.role !== 'admin') throw notFound();
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (isAdminChange(route) && !(await admin.recentlyConfirmed(request.auth.sessionId)))
      throw new AppError('forbidden', messages.admin.confirmPassword, { extra: { code: 'confirm_password' } });
  });

  const limit = app.limitBy(
    [
      { name: 'admin-confirm:ip', max: confirmLimit.max, key: (request) => clientKey(request.ip) },
      { name: 'admin-confirm:user', max: confirmLimit.max, key: (request) => request.auth?.userId },
    ],
    confirmLimit.windowMs,
  );
  r.post(
    '/api/admin/confirm',
    { schema: { body: adminConfirmRequest }, preHandler: limit },
    async (request): Promise<AdminConfirmResponse> => {
      const until = await admin.confirm(request.auth.userId, request.auth.sessionId, request.body.password);
      return { success: true, message: messages.admin.confirmed, confirmedUntil: until.toISOString() };
    },
  );

  r.get(
    '/api/admin/actions',
    { schema: { querystring: adminActionsQuery } },
    async (request): Promise<AdminActionsResponse> => ({
      success: true,
      ...(await admin.actions(request.query.cursor)),
    }),
  );

  r.get(
    '/api/admin/users',
    { schema: { querystring: adminUsersQuery } },
    async (request): Promise<AdminUsersResponse> => ({
      success: true,
      users: await admin.searchUsers(request.query.q),
    }),
  );

  await app.register(adminUserRoutes, { admin });

  r.post(
    '/api/admin/users/:id/credits',
    { schema: { params: adminUserParams, body: adminCreditsRequest } },
    async (request): Promise<AdminChangeResponse> => {
      const { delta, reason } = request.body;
      const { actionId, value: creditBalance } = await admin.adjustCredits(
        { adminId: request.auth.userId, targetUserId: request.params.id, reason },
        delta,
      );
      request.log.info(
        { adminId: request.auth.userId, userId: request.params.id, delta, actionId },
        'credits adjusted',
      );
      return { success: true, message: messages.admin.creditsGranted(delta, creditBalance), actionId, creditBalance };
    },
  );

  reportRoutes(app, reports);
  adminPricesRoutes(app, prices);
}

/** The customer's page and the changes made from it: each audited in its own transaction (decision 054). */
export async function adminUserRoutes(app: FastifyInstance, { admin }: { admin: AdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = (request: { auth: { userId: string }; params: { id: string }; body: { reason: string } }) => ({
    adminId: request.auth.userId,
    targetUserId: request.params.id,
    reason: request.body.reason,
  });
  const answer = (request: FastifyRequest, action: string, message: string, actionId: string): AdminChangeResponse => {
    request.log.info({ adminId: request.auth.userId, actionId }, action);
    return { success: true, message, actionId };
  };

  r.get(
    '/api/admin/users/:id',
    { schema: { params: adminUserParams } },
    async (request): Promise<AdminUserResponse> => ({ success: true, ...(await admin.userDetail(request.params.id)) }),
  );

  r.post(
    '/api/admin/users/:id/suspend',
    { schema: { params: adminUserParams, body: adminReasonRequest } },
    async (request) =>
      answer(request, 'account suspended', messages.admin.suspended, (await admin.suspend(change(request))).actionId),
  );

  r.post(
    '/api/admin/users/:id/unsuspend',
    { schema: { params: adminUserParams, body: adminReasonRequest } },
    async (request) =>
      answer(
        request,
        'account restored',
        messages.admin.unsuspended,
        (await admin.unsuspend(change(request))).actionId,
      ),
  );

  r.post(
    '/api/admin/users/:id/sessions/:itemId/revoke',
    { schema: { params: adminUserItemParams, body: adminReasonRequest } },
    async (request) =>
      answer(
        request,
        'session revoked',
        messages.admin.sessionRevoked,
        (await admin.revokeSession(change(request), request.params.itemId)).actionId,
      ),
  );

  r.post(
    '/api/admin/users/:id/keys/:itemId/revoke',
    { schema: { params: adminUserItemParams, body: adminReasonRequest } },
    async (request) =>
      answer(
        request,
        'API key revoked',
        messages.admin.keyRevoked,
        (await admin.revokeKey(change(request), request.params.itemId)).actionId,
      ),
  );

  r.post(
    '/api/admin/users/:id/resend-confirmation',
    { schema: { params: adminUserParams, body: adminReasonRequest } },
    async (request) => {
      const { actionId, value: email } = await admin.resendConfirmation(change(request));
      return answer(request, 'confirmation resent', messages.admin.confirmationSent(email), actionId);
    },
  );

  r.post(
    '/api/admin/users/:id/forgive-shortfall',
    { schema: { params: adminUserParams, body: adminReasonRequest } },
    async (request) => {
      const { actionId, value: owed } = await admin.forgiveShortfall(change(request));
      return answer(request, 'shortfall forgiven', messages.admin.shortfallForgiven(owed), actionId);
    },
  );

  r.post(
    '/api/admin/users/:id/delete',
    { schema: { params: adminUserParams, body: adminReasonRequest } },
    async (request) =>
      answer(
        request,
        'account deleted',
        messages.admin.accountDeleted,
        (await admin.deleteAccount(change(request))).actionId,
      ),
  );
}
