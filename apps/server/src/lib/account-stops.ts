import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';

/** The channel on which a suspended or deleted account is announced to every instance (decision 054). */
const accountStopsChannel = 'lumigen_account_stopped';

/** Tells every instance on this database, this one included, that `userId` may open nothing more. */
export async function announceAccountStop(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${accountStopsChannel}, ${userId})`);
}

/**
 * Hears each announced account, from any instance. A missed announcement (a reconnection) costs
 * little: the account's sessions and keys are refused anyway, and its streams end with their jobs.
 */
export async function listenForAccountStops(
  database: Database,
  onStop: (userId: string) => void,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  try {
    const subscription = await database.listen(accountStopsChannel, onStop, () => undefined);
    // Closed with the app, perhaps after its database: a listener already gone is no error.
    return { close: () => subscription.close().catch(() => undefined) };
  } catch (error) {
    log.warn(
      { err: error },
      'could not listen for suspended accounts; their streams on other instances end with their jobs',
    );
    return { close: async () => undefined };
  }
}
