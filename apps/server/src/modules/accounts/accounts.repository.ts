import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function insertUser(ex: Executor, values: { name: string; email: string; passwordHash: string }): Promise<UserRow> {
  const [user] = await ex.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no row');
  return user;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await ex.select().from(users).where(eq(users.email, email));
  return user;
}

export async function insertSession(ex: Executor, values: { userId: string; tokenHash: string; remember: boolean; expiresAt: Date }) {
  await ex.insert(sessions).values(values);
}

export async function revokeSession(ex: Executor, sessionId: string) {
  await ex.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * The session behind a token hash with its user, in one prepared query: it runs on every
 * authenticated request.
 */
export function prepareFindSession(db: Db) {
  const statement = db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      creditBalance: users.creditBalance,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .prepare('find_session_by_token_hash');
  return async (tokenHash: string) => {
    const [row] = await statement.execute({ tokenHash });
    return row;
  };
}
export type SessionUser = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareFindSession>>>>;
