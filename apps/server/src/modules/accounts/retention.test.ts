import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { pruneAccountData } from './accounts.repository.ts';

/** What an account leaves behind is kept only as long as it is needed. */
describe.each(databaseKinds)('account data retention on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const insertSession = (
    userId: string,
    tag: string,
    {
      lastUsedDaysAgo,
      expiresInDays = 30,
      revoked = false,
    }: { lastUsedDaysAgo: number; expiresInDays?: number; revoked?: boolean },
  ) =>
    t.database.db
      .execute(sql`INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, expires_at, revoked_at)
      VALUES (${userId}, ${tag}, now() - (${lastUsedDaysAgo + 1})::float8 * interval '1 day', now() - (${lastUsedDaysAgo})::float8 * interval '1 day',
              now() + (${expiresInDays})::float8 * interval '1 day', ${revoked ? sql`now()` : null})`);
  const sessionTags = async (userId: string) =>
    (
      await rows<{ token_hash: string }>(
        t.database.db,
        sql`SELECT token_hash FROM sessions WHERE user_id = ${userId} AND token_hash LIKE 'tag-%' ORDER BY token_hash`,
      )
    ).map((row) => row.token_hash);

  it('deletes sessions unused for SESSION_IDLE_DAYS, expired or revoked ones, and nothing younger', async () => {
    const { user } = await register(t.app);
    await insertSession(user.id, 'tag-fresh', { lastUsedDaysAgo: 1 });
    await insertSession(user.id, 'tag-29-days', { lastUsedDaysAgo: 29 });
    await insertSession(user.id, 'tag-idle', { lastUsedDaysAgo: 31 });
    await insertSession(user.id, 'tag-expired', { lastUsedDaysAgo: 1, expiresInDays: -1 });
    await insertSession(user.id, 'tag-revoked', { lastUsedDaysAgo: 1, revoked: true });
    await pruneAccountData(t.database.db, { sessionIdleDays: 30, maxSessionsPerUser: 50 });
    expect(await sessionTags(user.id)).toEqual(['tag-29-days', 'tag-fresh']);
  });

  it('keeps at most 50 live sessions per account, the most recently used', async () => {
    const { user } = await register(t.app);
    // Only the test's sessions: the registration's own goes.
    await t.database.db.execute(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    for (let i = 0; i < 53; i += 1)
      await insertSession(user.id, `tag-${String(i).padStart(2, '0')}`, { lastUsedDaysAgo: i / 10 });
    await pruneAccountData(t.database.db, { sessionIdleDays: 30, maxSessionsPerUser: 50 });
    const kept = await sessionTags(user.id);
    expect(kept).toHaveLength(50);
    expect(kept).not.toContain('tag-50');
    expect(kept).not.toContain('tag-52');
    expect(kept).toContain('tag-49');
  });

  it('deletes expired account tokens (spent ones go as they expire), and nothing younger', async () => {
    const { user } = await register(t.app);
    for (const [tag, hours, used] of [
      ['tok-live', 2, false],
      ['tok-spent-live', 2, true],
      ['tok-expired', -1, false],
      ['tok-spent-expired', -1, true],
    ] as const) {
      await t.database.db
        .execute(sql`INSERT INTO account_tokens (user_id, purpose, email, token_hash, expires_at, used_at)
        VALUES (${user.id}, 'password_reset', ${user.email}, ${tag}, now() + make_interval(hours => ${hours}), ${used ? sql`now()` : null})`);
    }
    await pruneAccountData(t.database.db, { sessionIdleDays: 30, maxSessionsPerUser: 50 });
    const left = await rows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM account_tokens WHERE user_id = ${user.id} AND token_hash LIKE 'tok-%' ORDER BY token_hash`,
    );
    expect(left.map((row) => row.token_hash)).toEqual(['tok-live', 'tok-spent-live']);
  });
});
