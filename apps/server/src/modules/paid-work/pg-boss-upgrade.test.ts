import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import PgBoss10 from 'pg-boss-10';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  embeddedDatabaseDir,
  executorSql,
  migrationsFolder,
  openDatabase,
  rows,
  type Database,
  type Db,
  type SqlRunner,
} from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import {
  createDatabaseLocation,
  databaseKinds,
  ledgerState,
  testConfig,
  type DatabaseKind,
  type DatabaseLocation,
} from '../../test/harness.ts';
import { catRequest } from '../../test/job-calls.ts';
import { picturePng } from '../../test/pictures.ts';
import { createCreditsService } from '../credits/index.ts';
import type { GenerationProvider } from '../generation/index.ts';
import { lostWorkQueue, paidWorkQueue } from '../../db/queue-names.ts';
import { lockUser } from '../accounts/index.ts';
import * as repo from './jobs.repository.ts';

// The generation's price (the job kind's cost) and what a new account is given.
const cost = 1;

const instant: GenerationProvider = {
  name: 'local',
  async generate() {
    return { png: await picturePng(256, 256, '#345'), width: 256, height: 256 };
  },
};

/** The database as the last release left it: our tables, and pg-boss 10's schema with our queues. */
async function openOldDatabase(
  location: DatabaseLocation,
): Promise<{ db: Db; runner: SqlRunner; close(): Promise<void> }> {
  if (location.kind === 'postgres') {
    const database = await openDatabase({ url: location.url, dataDir: null });
    return { db: database.db, runner: database.sql, close: () => database.close() };
  }
  // A PGlite directory made without today's pg-boss (the test template already holds its schema).
  const dir = embeddedDatabaseDir(location.dataDir);
  await rm(dir, { recursive: true, force: true });
  const client = await PGlite.create({ dataDir: dir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // The runner the last release handed pg-boss 10 on PGlite.
  const runner: SqlRunner = {
    executeSql: async (text, values) =>
      values && values.length > 0 ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
  };
  return { db: db as unknown as Db, runner, close: () => client.close() };
}

/**
 * What the last release did on accepting a generation: the credit reserved, the job's row, and its
 * queue entry, in one transaction (jobs.service.ts `submitAll` with pg-boss 10).
 */
async function acceptOld(db: Db, boss: InstanceType<typeof PgBoss10>, userId: string): Promise<string> {
  const credits = createCreditsService(db);
  const jobId = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const { reservationId } = await credits.reserve(userId, cost, 'generation', tx);
    await repo.insertJob(tx, {
      id: jobId,
      userId,
      kind: 'generation',
      params: catRequest,
      inputKeys: {},
      reservationId,
      dispatched: true,
    });
    await boss.send(paidWorkQueue, { jobId }, { id: jobId, db: executorSql(tx) });
  });
  return jobId;
}

describe.each(databaseKinds)('pg-boss 10 to 12 with jobs in flight (%s)', (kind: DatabaseKind) => {
  let location: DatabaseLocation | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
    await location?.dispose();
  });

  it("a job queued and a job running under pg-boss 10 both run and settle after the upgrade, each charged once; pg-boss's schema is still `pgboss`", async () => {
    location = await createDatabaseLocation(kind);
    const env = { JOBS_TIMEOUT_SECONDS: '5', TOOLS_LOCAL_TIMEOUT_SECONDS: '1' };

    // 1. The old release: an account, then two generations, one of which a worker took and began.
    const old = await openOldDatabase(location);
    const boss = new PgBoss10({ db: old.runner, schedule: false, supervise: false });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue(lostWorkQueue, { name: lostWorkQueue, retryLimit: 2, retryDelay: 5 });
    await boss.createQueue(paidWorkQueue, {
      name: paidWorkQueue,
      retryLimit: 1,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: 5,
      deadLetter: lostWorkQueue,
    });
    const [user] = await rows<{ id: string }>(
      old.db,
      sql`INSERT INTO users (name, email, password_hash) VALUES ('Ada', ${`upgrade-${kind}@example.com`}, 'x') RETURNING id`,
    );
    const userId = user!.id;
    await createCreditsService(old.db).grant(userId, 5, 'signup_bonus', `signup:${userId}`);
    const running = await acceptOld(old.db, boss, userId);
    const queued = await acceptOld(old.db, boss, userId);
    const [taken] = await boss.fetch<{ jobId: string }>(paidWorkQueue);
    expect(taken?.id).toBe(running);
    expect(await repo.startAttempt(old.db, running)).toMatchObject({ status: 'running', attempts: 1 });
    // Its worker goes away with the old release; nothing completes the attempt.
    await boss.stop({ graceful: false, wait: true, close: false });
    const [{ version: oldVersion } = { version: 0 }] = await rows<{ version: number }>(
      old.db,
      sql`SELECT version FROM pgboss.version`,
    );
    expect(oldVersion).toBe(24);
    await old.close();

    // 2. This release starts on that database and runs its jobs itself.
    const database: Database = await openDatabase({ url: location.url, dataDir: location.dataDir });
    const app = await buildApp({
      config: testConfig(location, env),
      database,
      logger: false,
      generationProvider: instant,
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };

    const [{ version } = { version: 0 }] = await rows<{ version: number }>(
      database.db,
      sql`SELECT version FROM pgboss.version`,
    );
    expect(version).toBeGreaterThan(24);
    const schemas = await rows<{ name: string }>(
      database.db,
      sql`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'pgboss%' ORDER BY 1`,
    );
    expect(schemas.map((row) => row.name)).toEqual(['pgboss']);

    for (const jobId of [queued, running]) {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const row = await repo.findJob(database.db, jobId);
        if (row && ['succeeded', 'failed', 'canceled'].includes(row.status)) break;
        if (Date.now() > deadline) throw new Error(`job ${jobId} is still ${row?.status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(await repo.findJob(database.db, queued)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      image_id: expect.any(String),
    });
    expect(await repo.findJob(database.db, running)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      image_id: expect.any(String),
    });
    // 5 given, two generations charged once each; nothing left reserved.
    expect(await ledgerState(database, userId)).toEqual({ balance: 3, ledgerSum: 3, ledgerRows: 3 });
    const [pending] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${userId} AND status = 'pending'`,
    );
    expect(pending!.n).toBe(0);
    const [images] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM images WHERE user_id = ${userId}`,
    );
    expect(images!.n).toBe(2);
    // Building the old PGlite database in this process (initdb, every migration) takes most of it.
  }, 180_000);
});
