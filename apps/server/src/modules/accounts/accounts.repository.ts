import type { UserRole } from '@lumigen/contract/accounts';
import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { preparedArrays, rows, type Db, type Executor } from '../../db/client.ts';
import { accountTokens, loginDevices, sessions, signupBonusClaims, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Serializes what changes one user's money and work (a job's acceptance, promotion, delivery; an account's deletion) (PostgreSQL; PGlite runs one transaction at a time anyway). */
export async function lockUser(ex: Executor, userId: string): Promise<boolean> {
  const found = await rows<{ id: string }>(ex, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  return found.length === 1;
}

export async function insertUser(
  ex: Executor,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [user] = await ex.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no row');
  return user;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await ex.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(ex: Executor, userId: string): Promise<UserRow | undefined> {
  const [user] = await ex.select().from(users).where(eq(users.id, userId));
  return user;
}

/** Locks the user's row for the rest of the transaction (verification decides on what it reads). */
export async function findUserForUpdate(ex: Executor, userId: string): Promise<UserRow | undefined> {
  const [user] = await ex.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

export async function markEmailVerified(ex: Executor, userId: string) {
  await ex
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function updateName(ex: Executor, userId: string, name: string): Promise<UserRow | undefined> {
  const [row] = await ex.update(users).set({ name }).where(eq(users.id, userId)).returning();
  return row;
}

/** Moves the account to a confirmed new address; the unique index refuses one taken meanwhile. */
export async function updateEmail(ex: Executor, userId: string, email: string) {
  await ex
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * What deleting an account leaves of its user row: the id and balance that the ledger and
 * payments refer to, nothing that names a person. The address is freed for a new sign-up and the
 * password can match nothing (an empty string is no argon2 hash).
 */
export async function anonymizeUser(ex: Executor, userId: string) {
  await ex
    .update(users)
    .set({
      name: '',
      email: sql`'deleted-' || ${users.id}::text || '@deleted.invalid'`,
      passwordHash: '',
      emailVerifiedAt: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** Sessions and mailed links go with the account: nothing of them is needed for accounting. */
export async function deleteSessionsAndTokensOf(ex: Executor, userId: string) {
  await ex.delete(sessions).where(eq(sessions.userId, userId));
  await ex.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await ex.delete(loginDevices).where(eq(loginDevices.userId, userId));
}

/** True when the browser holding this device token signed in before to the account of `email`. */
export async function isKnownDevice(ex: Executor, tokenHash: string, email: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`SELECT 1 AS one FROM login_devices d JOIN users u ON u.id = d.user_id WHERE d.token_hash = ${tokenHash} AND u.email = ${email} AND u.deleted_at IS NULL`,
  );
  return found.length === 1;
}

/** Records that the browser holding this device token signed in to the account. */
export async function rememberDevice(ex: Executor, tokenHash: string, userId: string): Promise<void> {
  await ex
    .insert(loginDevices)
    .values({ tokenHash, userId })
    .onConflictDoUpdate({ target: [loginDevices.tokenHash, loginDevices.userId], set: { lastSignedInAt: sql`now()` } });
}

export async function updatePasswordHash(ex: Executor, userId: string, passwordHash: string) {
  await ex.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Revokes every live session of a user, except `keep` (the one asking, when it stays signed in). */
export async function revokeSessionsOf(ex: Executor, userId: string, keep?: string) {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...(keep ? [ne(sessions.id, keep)] : [])));
}

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/**
 * Stores a token for the user with this e-mail and spends their older live tokens of the purpose
 * (one live link per purpose), in one statement whether or not the address is known, so both
 * cases cost the same round trip. Nothing is stored (and undefined answered) when there is no such
 * user, or when a token of this purpose was issued for them less than `minIntervalMs` ago: the
 * link mailed then is still live, and nobody can flood the owner's inbox or spend it.
 */
export async function insertTokenForEmail(
  ex: Executor,
  values: { email: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date; minIntervalMs: number },
): Promise<{ userId: string; name: string; email: string } | undefined> {
  const [row] = await rows<{ user_id: string; name: string; email: string }>(
    ex,
    sql`WITH u AS (
          SELECT id, name, email FROM users
          WHERE email = ${values.email} AND deleted_at IS NULL
            AND NOT EXISTS (
              SELECT 1 FROM account_tokens r
              WHERE r.user_id = users.id AND r.purpose = ${values.purpose} AND r.created_at > now() - ${values.minIntervalMs} * interval '1 millisecond'
            )
        ),
        spent AS (
          UPDATE account_tokens SET used_at = now()
          WHERE user_id IN (SELECT id FROM u) AND purpose = ${values.purpose} AND used_at IS NULL
        ),
        t AS (
          INSERT INTO account_tokens (user_id, purpose, email, token_hash, expires_at)
          SELECT id, ${values.purpose}, email, ${values.tokenHash}, ${values.expiresAt.toISOString()}::timestamptz FROM u
          RETURNING user_id
        )
        SELECT u.id AS user_id, u.name, u.email FROM u JOIN t ON t.user_id = u.id`,
  );
  return row ? { userId: row.user_id, name: row.name, email: row.email } : undefined;
}

/** The user a live token of one of `purposes` belongs to, without spending it; undefined if none. */
export async function findLiveToken(
  ex: Executor,
  purposes: TokenPurpose[],
  tokenHash: string,
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await ex
    .select({ userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
}

export async function insertToken(
  ex: Executor,
  values: { userId: string; email: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await ex.insert(accountTokens).values(values);
}

/**
 * Marks a live token of one of `purposes` used and returns whom and what it was for; undefined if
 * absent, used or expired.
 */
export async function consumeToken(
  ex: Executor,
  purposes: TokenPurpose[],
  tokenHash: string,
): Promise<{ userId: string; email: string; purpose: TokenPurpose } | undefined> {
  const [row] = await ex
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email, purpose: accountTokens.purpose });
  return row;
}

/** Why a token could not be used, to tell the user whether asking again helps. */
export async function tokenState(
  ex: Executor,
  purposes: TokenPurpose[],
  tokenHash: string,
): Promise<'used' | 'expired' | 'unknown'> {
  const [row] = await ex
    .select({ usedAt: accountTokens.usedAt, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, purposes)));
  if (!row) return 'unknown';
  return row.usedAt ? 'used' : row.expired ? 'expired' : 'unknown';
}

/** Ends every other live token of this purpose: once one link is used, older ones are spent too. */
export async function spendTokensOf(ex: Executor, userId: string, purpose: TokenPurpose) {
  await ex
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** True when this call claimed the address's bonus; false when someone already had. */
export async function claimSignupBonus(ex: Executor, addressHash: string): Promise<boolean> {
  const inserted = await ex
    .insert(signupBonusClaims)
    .values({ addressHash })
    .onConflictDoNothing()
    .returning({ addressHash: signupBonusClaims.addressHash });
  return inserted.length === 1;
}

export async function isSignupBonusClaimed(ex: Executor, addressHash: string): Promise<boolean> {
  const [row] = await ex
    .select({ addressHash: signupBonusClaims.addressHash })
    .from(signupBonusClaims)
    .where(eq(signupBonusClaims.addressHash, addressHash));
  return row !== undefined;
}

export async function insertSession(
  ex: Executor,
  values: { userId: string; tokenHash: string; remember: boolean; expiresAt: Date; userAgent?: string | null },
) {
  await ex.insert(sessions).values(values);
}

export async function listLiveSessions(ex: Executor, userId: string) {
  return ex
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) DESC`);
}

/** Revokes one live session of this user; false when the user has no such live session. */
export async function revokeOwnSession(ex: Executor, userId: string, sessionId: string): Promise<boolean> {
  const revoked = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length === 1;
}

export async function touchSession(ex: Executor, sessionId: string) {
  await ex
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(ex: Executor, sessionId: string) {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Live sessions (with their users) for a set of token hashes, in one prepared statement: it runs
 * for every authenticated request, so concurrent requests share it (see `batchByKey`), and its
 * rows skip Drizzle's mapping (`preparedArrays`, decision 035).
 */
export function prepareFindSessions(db: Db) {
  const { sql: text } = db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      creditBalance: users.creditBalance,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = ANY(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        // A suspended account's sessions open nothing from its next request on.
        isNull(users.suspendedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .toSQL();
  const statement = preparedArrays(db, 'find_sessions_by_token_hashes', text);
  return async (tokenHashes: string[]) => {
    const found = new Map<string, SessionUser>();
    for (const row of await statement([tokenHashes])) {
      const [tokenHash, sessionId, userId, name, email, creditBalance, emailVerified, role] = row as [
        string,
        string,
        string,
        string,
        string,
        number,
        boolean,
        UserRole,
      ];
      found.set(tokenHash, { sessionId, userId, name, email, creditBalance, emailVerified, role });
    }
    return found;
  };
}
export type SessionUser = {
  sessionId: string;
  userId: string;
  name: string;
  email: string;
  creditBalance: number;
  emailVerified: boolean;
  role: UserRole;
};

/**
 * The retention sweep's share of accounts: expired mailed links (a spent one goes when it
 * expires), sessions expired, revoked or unused for `sessionIdleDays`, and beyond the
 * `maxSessionsPerUser` most recently used live sessions of an account, the older ones.
 */
export async function pruneAccountData(
  ex: Executor,
  { sessionIdleDays, maxSessionsPerUser }: { sessionIdleDays: number; maxSessionsPerUser: number },
) {
  await ex.delete(accountTokens).where(sql`${accountTokens.expiresAt} < now()`);
  await ex.delete(sessions).where(
    sql`${sessions.revokedAt} IS NOT NULL OR ${sessions.expiresAt} < now()
          OR coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) < now() - make_interval(days => ${sessionIdleDays})`,
  );
  await ex.execute(sql`DELETE FROM sessions WHERE id IN (
    SELECT id FROM (
      SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY coalesce(last_used_at, created_at) DESC, id) AS n FROM sessions
    ) ranked WHERE n > ${maxSessionsPerUser})`);
}

/**
 * Makes the accounts of these addresses admins, those whose address is confirmed: an address
 * nobody proved owning opens nothing. Answers which of them are admins now.
 */
export async function promoteConfirmed(ex: Executor, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  await ex
    .update(users)
    .set({ role: 'admin' })
    .where(and(inArray(users.email, emails), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)));
  const admins = await ex
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.role, 'admin'), isNull(users.deletedAt)));
  return admins.map((row) => row.email);
}

/** Sets the role of the account with this address; false when there is no such account. */
export async function setRoleByEmail(ex: Executor, email: string, role: UserRole): Promise<boolean> {
  const found = await rows<{ id: string }>(
    ex,
    sql`UPDATE users SET role = ${role} WHERE email = ${email} AND deleted_at IS NULL RETURNING id`,
  );
  return found.length === 1;
}
