import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@lumigen/contract/api-keys';
import { rows, type Executor } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key found by its hash, with whether it still opens anything. */
export type FoundKey = {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
  dailyCreditCap: number | null;
  revoked: boolean;
  /** The owner's account is suspended by an operator: the key opens nothing meanwhile. */
  suspended: boolean;
};

export async function insertApiKey(
  ex: Executor,
  key: {
    userId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: ApiKeyScope[];
    dailyCreditCap: number | null;
  },
): Promise<string> {
  const [row] = await ex.insert(apiKeys).values(key).returning({ id: apiKeys.id });
  return row!.id;
}

export async function countActiveKeys(ex: Executor, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${userId} AND revoked_at IS NULL`,
  );
  return row?.n ?? 0;
}

export function listActiveKeys(ex: Executor, userId: string): Promise<ApiKeyRow[]> {
  return ex
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** The key with this hash; a deleted account's keys are not found. */
export async function findKeyByHash(ex: Executor, keyHash: string): Promise<FoundKey | undefined> {
  const [row] = await rows<{
    id: string;
    user_id: string;
    scopes: ApiKeyScope[];
    daily_credit_cap: number | null;
    revoked: boolean;
    suspended: boolean;
  }>(
    ex,
    sql`SELECT k.id, k.user_id, k.scopes, k.daily_credit_cap, k.revoked_at IS NOT NULL AS revoked,
               u.suspended_at IS NOT NULL AS suspended
        FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_hash = ${keyHash} AND u.deleted_at IS NULL`,
  );
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        scopes: row.scopes,
        dailyCreditCap: row.daily_credit_cap,
        revoked: row.revoked,
        suspended: row.suspended,
      }
    : undefined;
}

/** False when the user has no such active key (another user's key reads the same). */
export async function revokeOwnKey(ex: Executor, userId: string, keyId: string): Promise<boolean> {
  const updated = await ex
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return updated.length === 1;
}

export async function touchKey(ex: Executor, keyId: string): Promise<void> {
  await ex
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiKeys.id, keyId));
}

/** The key's owner, locked for the rest of the transaction (serialising their key creations). */
export async function lockOwner(
  ex: Executor,
  userId: string,
): Promise<{ name: string; email: string; emailVerified: boolean } | undefined> {
  const [row] = await rows<{ name: string; email: string; email_verified: boolean }>(
    ex,
    sql`SELECT name, email, email_verified_at IS NOT NULL AS email_verified FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
  );
  return row ? { name: row.name, email: row.email, emailVerified: row.email_verified } : undefined;
}

/** Revokes every active key of the account; how many there were. */
export async function revokeAllKeysOf(ex: Executor, userId: string): Promise<number> {
  const revoked = await ex
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}
