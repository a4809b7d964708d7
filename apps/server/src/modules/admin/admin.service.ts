import { randomUUID } from 'node:crypto';
import {
  adminActionsPageSize,
  adminConfirmTtlMs,
  type AdminAction,
  type AdminUserSummary,
} from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CreditsService } from '../credits/index.ts';
import * as repo from './admin.repository.ts';

export type AdminServiceDeps = { db: Db; accounts: AccountsService; credits: CreditsService };

/** Who asks for a change, to whom, and why: what the audit row records besides before and after. */
export type ChangeRequest = { adminId: string; targetUserId: string | null; reason: string };

/** What a change hands back to be audited: the state before and after, and what the route answers. */
export type ChangeOutcome<T> = { before: unknown; after: unknown; value: T };

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toSummary = (row: repo.UserSummaryRow): AdminUserSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  creditBalance: row.credit_balance,
  creditsOwed: row.credits_owed,
  emailVerified: row.email_verified,
  createdAt: iso(row.created_at)!,
  suspendedAt: iso(row.suspended_at),
  deletedAt: iso(row.deleted_at),
});

/**
 * The one way an operator changes anything (docs/decisions/054): `change` runs in a transaction
 * and the audit row is written in the same one after it, so either both persist or neither does.
 */
export async function auditedChange<T>(
  db: Db,
  action: string,
  request: ChangeRequest,
  change: (tx: Executor) => Promise<ChangeOutcome<T>>,
): Promise<{ actionId: string; value: T }> {
  return db.transaction(async (tx) => {
    const { before, after, value } = await change(tx);
    const actionId = await repo.recordAdminAction(tx, { ...request, action, before, after });
    return { actionId, value };
  });
}

export function createAdminService({ db, accounts, credits }: AdminServiceDeps) {
  /** The target's row, locked for the change; 404 when absent, 409 when the account was deleted. */
  async function liveTarget(tx: Executor, userId: string): Promise<repo.UserSummaryRow> {
    const row = await repo.lockUserRow(tx, userId);
    if (!row) throw new AppError('not_found', messages.notFound);
    if (row.deleted_at) throw new AppError('conflict', messages.admin.customerGone);
    return row;
  }

  return {
    /** Checks the operator's password and opens changes for this session for `adminConfirmTtlMs`. */
    async confirm(userId: string, sessionId: string, password: string): Promise<Date> {
      if (!(await accounts.checkPassword(userId, password)))
        throw new AppError('bad_request', messages.admin.wrongPassword);
      const at = await repo.stampConfirmation(db, sessionId);
      return new Date(at.getTime() + adminConfirmTtlMs);
    },

    /** True when the session confirmed its password within `adminConfirmTtlMs`. */
    async recentlyConfirmed(sessionId: string): Promise<boolean> {
      const at = await repo.findConfirmedAt(db, sessionId);
      return at !== undefined && Date.now() - at.getTime() < adminConfirmTtlMs;
    },

    async actions(cursor: string | undefined): Promise<{ actions: AdminAction[]; nextCursor: string | null }> {
      const found = await repo.findAdminActions(db, { cursor });
      const page = found.slice(0, adminActionsPageSize);
      return {
        actions: page.map((row) => ({
          id: row.id,
          createdAt: iso(row.created_at)!,
          adminId: row.admin_id,
          adminEmail: row.admin_email,
          action: row.action,
          targetUserId: row.target_user_id,
          targetEmail: row.target_email,
          reason: row.reason,
          before: row.before,
          after: row.after,
        })),
        nextCursor: found.length > adminActionsPageSize ? page.at(-1)!.id : null,
      };
    },

    async searchUsers(q: string | undefined): Promise<AdminUserSummary[]> {
      return (await repo.searchUsers(db, q)).map(toSummary);
    },

    /** Grants (`delta` > 0) or takes credits through the credits module; never below zero (409). */
    async adjustCredits(request: ChangeRequest & { targetUserId: string }, delta: number) {
      return auditedChange(db, 'credits.adjust', request, async (tx) => {
        const target = await liveTarget(tx, request.targetUserId);
        // The ledger row names the operator; the audit row holds the same reference.
        const ref = `admin:${request.adminId}:${randomUUID()}`;
        const balance = await credits.adjust(target.id, delta, ref, tx);
        return {
          before: { creditBalance: target.credit_balance },
          after: { creditBalance: balance, delta, ledgerRef: ref },
          value: balance,
        };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
