import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../modules/paid-work/index.ts';
import { lostWorkQueue, paidWorkQueue } from './queue-names.ts';
import { openDatabase, rows, type Database } from './client.ts';

const silent = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as never;

describe('a new embedded database, made apart', () => {
  let root: string | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  // pg-boss's schema and queues made in the server's process kept some 30 MB of PGlite's memory
  // for good: a first start idled at 222–266 MB, a restart at 205–218 MB.
  it("holds our tables, pg-boss's schema and our queues: the first start of the job queue creates nothing, and applies the queues' settings", async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-initdb-'));
    database = await openDatabase({ dataDir: root });
    const [ledger] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'credit_ledger'`,
    );
    expect(ledger!.n).toBe(1);

    const tables = () =>
      rows<{ name: string }>(
        database!.db,
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'pgboss' ORDER BY 1`,
      );
    const before = await tables();
    // Each queue's jobs live in a partition of their own.
    expect(before.length).toBeGreaterThan(5);

    const statements: string[] = [];
    const recording: Database = {
      ...database,
      sql: {
        executeSql: (text, values) => {
          statements.push(text);
          return database!.sql.executeSql(text, values);
        },
      },
    };
    const queue = createJobQueue(
      recording,
      { timeoutSeconds: 45, pollingIntervalSeconds: 1, maxRunningPerUser: 2 },
      silent,
    );
    await queue.start();
    await queue.stop(0);

    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((text) => /\bCREATE\s+(SCHEMA|TABLE|FUNCTION|INDEX|TYPE)\b/i.test(text))).toEqual([]);
    expect(await tables()).toEqual(before);
    const queues = await rows<{
      name: string;
      retry_limit: number;
      retry_delay: number;
      expire_seconds: number | null;
      dead_letter: string | null;
    }>(
      database.db,
      sql`SELECT name, retry_limit, retry_delay, expire_seconds, dead_letter FROM pgboss.queue ORDER BY name`,
    );
    expect(queues).toEqual([
      { name: paidWorkQueue, retry_limit: 1, retry_delay: 1, expire_seconds: 45, dead_letter: lostWorkQueue },
      { name: lostWorkQueue, retry_limit: 2, retry_delay: 5, expire_seconds: 900, dead_letter: null },
    ]);
  });
});
