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
 * Live sessions (with their users) for a set of token hashes, in one prepared query: it runs for
 * every authenticated request, so concurrent requests share it (see `batchByKey`).
 */
export function prepareFindSessions(db: Db) {
  const statement = db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      creditBalance: users.creditBalance,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = ANY(${sql.placeholder('tokenHashes')}::text[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .prepare('find_sessions_by_token_hashes');
  return async (tokenHashes: string[]) => {
    const found = await statement.execute({ tokenHashes });
    return new Map(found.map(({ tokenHash, ...session }) => [tokenHash, session]));
  };
}
export type SessionUser = { sessionId: string; userId: string; name: string; email: string; creditBalance: number };
