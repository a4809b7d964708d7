import { randomUUID } from 'node:crypto';
import {
  adminActionsPageSize,
  adminConfirmTtlMs,
  adminUserDetailLimit,
  type AdminAction,
  type AdminPurchase,
  type AdminUserResponse,
  type AdminUserSummary,
} from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type AccountsService,
  deviceName,
  listLiveSessions,
  revokeOwnSession,
  setSuspended,
} from '../accounts/index.ts';
import { type ApiKeysService, revokeOwnKey } from '../api-keys/index.ts';
import type { CreditsService } from '../credits/index.ts';
import * as repo from './admin.repository.ts';

export type AdminServiceDeps = {
  db: Db;
  accounts: AccountsService;
  credits: CreditsService;
  apiKeys: ApiKeysService;
  /** Ends the account's open event streams in this process (a suspension, a deletion). */
  endStreamsOf?: (userId: string) => void;
};

/** Who asks for a change, to whom, and why: what the audit row records besides before and after. */
export type ChangeRequest = { adminId: string; targetUserId: string | null; reason: string };

/** A change to one customer. */
export type TargetedChange = ChangeRequest & { targetUserId: string };

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

const toAction = (row: repo.AdminActionRow): AdminAction => ({
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
});

export function createAdminService({ db, accounts, credits, apiKeys, endStreamsOf = () => {} }: AdminServiceDeps) {
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
        actions: page.map(toAction),
        nextCursor: found.length > adminActionsPageSize ? page.at(-1)!.id : null,
      };
    },

    async searchUsers(q: string | undefined): Promise<AdminUserSummary[]> {
      return (await repo.searchUsers(db, q)).map(toSummary);
    },

    /** Everything support needs about one customer, newest first in each list; 404 for no such account. */
    async userDetail(userId: string): Promise<Omit<AdminUserResponse, 'success'>> {
      const row = await repo.findUserRow(db, userId);
      if (!row) throw new AppError('not_found', messages.notFound);
      const [ledger, purchases, jobs, images, sessions, keys, actions] = await Promise.all([
        credits.ledger(userId, undefined, adminUserDetailLimit),
        repo.findPurchases(db, userId),
        repo.findJobs(db, userId),
        repo.findImages(db, userId),
        listLiveSessions(db, userId),
        apiKeys.list(userId),
        repo.findAdminActions(db, { targetUserId: userId }),
      ]);
      return {
        user: toSummary(row),
        ledger: ledger.entries,
        purchases: purchases.map((p) => ({
          id: p.id,
          createdAt: iso(p.created_at)!,
          bundle: p.bundle,
          amountCents: p.amount_cents,
          currency: p.currency,
          credits: p.credits,
          status: p.status as AdminPurchase['status'],
          provider: p.provider,
          providerPaymentId: p.provider_payment_id,
          reversedCredits: p.reversed_credits,
          shortfallCredits: p.shortfall_credits,
          receiptUrl: p.receipt_url,
        })),
        jobs: jobs.map((j) => ({
          id: j.id,
          kind: j.kind,
          status: j.status,
          createdAt: iso(j.created_at)!,
          finishedAt: iso(j.finished_at),
          errorCode: j.error_code,
          message: j.message,
          attempts: j.attempts.map((a) => ({
            seq: a.seq,
            provider: a.provider,
            endpoint: a.endpoint,
            status: a.status,
            ms: a.ms,
            outcome: a.outcome,
            costUsd: a.cost_usd,
          })),
        })),
        images: images.map((i) => ({
          id: i.id,
          kind: i.kind,
          prompt: i.prompt,
          provider: i.provider,
          createdAt: iso(i.created_at)!,
        })),
        sessions: sessions.map((session) => ({
          id: session.id,
          device: deviceName(session.userAgent),
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: (session.lastUsedAt ?? session.createdAt).toISOString(),
        })),
        apiKeys: keys,
        actions: actions.slice(0, adminActionsPageSize).map(toAction),
      };
    },

    /** Stops the account at once: its sessions and keys open nothing, its streams close, login says why. */
    async suspend(request: TargetedChange) {
      const done = await auditedChange(db, 'user.suspend', request, async (tx) => {
        const target = await liveTarget(tx, request.targetUserId);
        if (target.suspended_at) throw new AppError('conflict', messages.admin.alreadySuspended);
        await setSuspended(tx, target.id, true);
        return { before: { suspended: false }, after: { suspended: true }, value: undefined };
      });
      endStreamsOf(request.targetUserId);
      return done;
    },

    async unsuspend(request: TargetedChange) {
      return auditedChange(db, 'user.unsuspend', request, async (tx) => {
        const target = await liveTarget(tx, request.targetUserId);
        if (!target.suspended_at) throw new AppError('conflict', messages.admin.notSuspended);
        await setSuspended(tx, target.id, false);
        return { before: { suspended: true }, after: { suspended: false }, value: undefined };
      });
    },

    /** One session of the customer ends; 404 when it has no such live session. */
    async revokeSession(request: TargetedChange, sessionId: string) {
      return auditedChange(db, 'session.revoke', request, async (tx) => {
        await liveTarget(tx, request.targetUserId);
        if (!(await revokeOwnSession(tx, request.targetUserId, sessionId)))
          throw new AppError('not_found', messages.notFound);
        return { before: { sessionId, revoked: false }, after: { sessionId, revoked: true }, value: undefined };
      });
    },

    /** One key of the customer stops; 404 when it has no such active key. */
    async revokeKey(request: TargetedChange, keyId: string) {
      return auditedChange(db, 'api_key.revoke', request, async (tx) => {
        await liveTarget(tx, request.targetUserId);
        if (!(await revokeOwnKey(tx, request.targetUserId, keyId))) throw new AppError('not_found', messages.notFound);
        return { before: { keyId, revoked: false }, after: { keyId, revoked: true }, value: undefined };
      });
    },

    /** A fresh confirmation link to the customer's address (400 when already confirmed); the audit row commits with the link. */
    async resendConfirmation(request: TargetedChange): Promise<{ actionId: string; value: string }> {
      const row = await repo.findUserRow(db, request.targetUserId);
      if (!row) throw new AppError('not_found', messages.notFound);
      if (row.deleted_at) throw new AppError('conflict', messages.admin.customerGone);
      let actionId = '';
      const { email } = await accounts.resendVerification(request.targetUserId, async (tx) => {
        actionId = await repo.recordAdminAction(tx, {
          ...request,
          action: 'user.resend_confirmation',
          before: { emailVerified: false },
          after: { linkSentTo: row.email },
        });
      });
      return { actionId, value: email };
    },

    /** Clears what refunds and disputes left owed: paid work opens again; 409 when nothing is owed. */
    async forgiveShortfall(request: TargetedChange) {
      return auditedChange(db, 'credits.forgive_shortfall', request, async (tx) => {
        const target = await liveTarget(tx, request.targetUserId);
        const owed = await credits.forgiveOwed(target.id, tx);
        if (owed === 0) throw new AppError('conflict', messages.admin.nothingOwed);
        return { before: { creditsOwed: owed }, after: { creditsOwed: 0 }, value: owed };
      });
    },

    /** Deletes the account exactly as its owner's own deletion does (409 while a job runs), audited in its transaction. */
    async deleteAccount(request: TargetedChange): Promise<{ actionId: string }> {
      const row = await repo.findUserRow(db, request.targetUserId);
      if (!row) throw new AppError('not_found', messages.notFound);
      if (row.deleted_at) throw new AppError('conflict', messages.admin.customerGone);
      let actionId = '';
      await accounts.eraseAccount(request.targetUserId, async (tx) => {
        actionId = await repo.recordAdminAction(tx, {
          ...request,
          action: 'user.delete',
          before: { name: row.name, email: row.email, creditBalance: row.credit_balance },
          after: { deleted: true },
        });
      });
      endStreamsOf(request.targetUserId);
      return { actionId };
    },

    /** Grants (`delta` > 0) or takes credits through the credits module; never below zero (409). */
    async adjustCredits(request: TargetedChange, delta: number) {
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
