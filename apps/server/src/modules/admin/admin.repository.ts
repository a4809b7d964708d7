import type { UserRole } from '@lumigen/contract/accounts';
import { adminActionsPageSize, adminUsersPageSize } from '@lumigen/contract/admin';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';

export type AdminActionInput = {
  adminId: string;
  /** What was done, as `subject.verb` (`credits.adjust`, `user.suspend`). */
  action: string;
  targetUserId: string | null;
  reason: string;
  before: unknown;
  after: unknown;
};

/**
 * Appends one row to the audit log, in the caller's transaction so that it commits or rolls back
 * with the change it records (docs/decisions/054). The log has no other writer; nothing updates or
 * deletes it (a trigger refuses both).
 */
export async function recordAdminAction(tx: Executor, input: AdminActionInput): Promise<string> {
  const [row] = await tx
    .insert(adminActions)
    .values({
      adminId: input.adminId,
      action: input.action,
      targetUserId: input.targetUserId,
      reason: input.reason,
      before: input.before ?? null,
      after: input.after ?? null,
    })
    .returning({ id: adminActions.id });
  if (!row) throw new Error('insert returned no row');
  return String(row.id);
}

export type AdminActionRow = {
  id: string;
  created_at: Date | string;
  admin_id: string;
  admin_email: string | null;
  action: string;
  target_user_id: string | null;
  target_email: string | null;
  reason: string;
  before: unknown;
  after: unknown;
};

/** One page of the audit log, newest first, older than `cursor` (an id) when given. */
export async function findAdminActions(
  ex: Executor,
  { cursor, targetUserId }: { cursor?: string; targetUserId?: string },
): Promise<AdminActionRow[]> {
  return rows<AdminActionRow>(
    ex,
    sql`SELECT a.id::text AS id, a.created_at, a.admin_id, admin.email AS admin_email, a.action,
               a.target_user_id, target.email AS target_email, a.reason, a.before, a.after
        FROM admin_actions a
        LEFT JOIN users admin ON admin.id = a.admin_id
        LEFT JOIN users target ON target.id = a.target_user_id
        WHERE (${cursor ?? null}::bigint IS NULL OR a.id < ${cursor ?? null}::bigint)
          AND (${targetUserId ?? null}::uuid IS NULL OR a.target_user_id = ${targetUserId ?? null}::uuid)
        ORDER BY a.id DESC
        LIMIT ${adminActionsPageSize + 1}`,
  );
}

export type UserSummaryRow = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  credit_balance: number;
  credits_owed: number;
  email_verified: boolean;
  created_at: Date | string;
  suspended_at: Date | string | null;
  deleted_at: Date | string | null;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Accounts whose address or name holds `q` (or whose id is `q`), newest first; every account without `q`. */
export async function searchUsers(ex: Executor, q: string | undefined): Promise<UserSummaryRow[]> {
  const term = q?.trim() ?? '';
  // LIKE's own wildcards in what the operator typed are matched as themselves.
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const id = uuidPattern.test(term) ? term : null;
  return rows<UserSummaryRow>(
    ex,
    sql`SELECT id, name, email, role, credit_balance, credits_owed, email_verified_at IS NOT NULL AS email_verified,
               created_at, suspended_at, deleted_at
        FROM users
        WHERE ${term} = '' OR id = ${id}::uuid OR email ILIKE ${pattern} OR name ILIKE ${pattern}
        ORDER BY created_at DESC, id
        LIMIT ${adminUsersPageSize}`,
  );
}

/** The user's row for a change, locked until the transaction ends; undefined when there is none. */
export async function lockUserRow(ex: Executor, userId: string): Promise<UserSummaryRow | undefined> {
  const [row] = await rows<UserSummaryRow>(
    ex,
    sql`SELECT id, name, email, role, credit_balance, credits_owed, email_verified_at IS NOT NULL AS email_verified,
               created_at, suspended_at, deleted_at
        FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  return row;
}

/** When the session last confirmed its password, if ever. */
export async function findConfirmedAt(ex: Executor, sessionId: string): Promise<Date | undefined> {
  const [row] = await rows<{ at: Date | string | null }>(
    ex,
    sql`SELECT password_confirmed_at AS at FROM sessions WHERE id = ${sessionId}`,
  );
  return row?.at ? new Date(row.at) : undefined;
}

export async function stampConfirmation(ex: Executor, sessionId: string): Promise<Date> {
  const [row] = await rows<{ at: Date | string }>(
    ex,
    sql`UPDATE sessions SET password_confirmed_at = now() WHERE id = ${sessionId} RETURNING password_confirmed_at AS at`,
  );
  if (!row) throw new Error('no such session');
  return new Date(row.at);
}
