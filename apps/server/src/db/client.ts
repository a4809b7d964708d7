import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema>;
/** Repository functions take either, so a caller can run several of them in one transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same for every instance migrating one database.
const migrationLockId = 7_311_042;

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rows<T>(executor: Executor, statement: SQL): Promise<T[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * PostgreSQL when a URL is given, else PGlite persisted under `dataDir` (or in memory for
 * `dataDir: null`, which tests use). Migrations run before the handle is returned.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string | null;
  poolSize?: number;
  /** Told when an idle pooled connection breaks (the pool replaces it on next use). */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.onIdleError);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, max: number, onIdleError: (error: Error) => void = () => undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Without a listener, a dropped idle connection (a PostgreSQL restart) would crash the process.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    // Several instances may start at once; one migrates, the others wait and find nothing to do.
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    ping: () => pool.query('SELECT 1').then(() => true, () => false),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  // Loaded only here: an instance on PostgreSQL never loads PGlite, some 20 MB of resident memory
  // (the budget of a web instance serving 300 slow downloads, docs/architecture.md §5).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: InstanceType<typeof PGlite>;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: () => client.query('SELECT 1').then(() => true, () => false),
    close: () => client.close(),
  };
}
