import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { makePrivateDir } from '../lib/private-dir.ts';
import { serverRoot } from '../server-root.ts';
import { nameStatements } from './named-statements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema>;
/** Repository functions take either, so a caller can run several of them in one transaction. */
export type Executor = Db | Tx;

/**
 * Plain SQL text with `$1…` parameters, as pg-boss speaks it (its `db` option). Text without
 * values may hold several statements (pg-boss wraps its schema changes in BEGIN…COMMIT).
 */
export type SqlRunner = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** LISTEN on a channel (see `Database.listen`); pg-boss wakes its workers with it when present. */
  listen?: Listen;
};

/**
 * Hears `channel`'s notifications (sent with NOTIFY or pg_notify, delivered when the sending
 * transaction commits). `onReconnect` is called each time the subscription is made again after
 * it was lost: whatever was sent meanwhile was missed, so the caller reads the state anew.
 */
export type Listen = (
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
) => Promise<{ close(): Promise<void> }>;

/** What a metrics scrape reads: the pool (PostgreSQL only) and the failed statements so far. */
export type DatabaseStats = {
  pool: { total: number; idle: number; waiting: number } | undefined;
  /** Failed statements by SQLSTATE (`unknown` when the error carried none), since the database opened. */
  queryErrors: ReadonlyMap<string, number>;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  stats(): DatabaseStats;
  /** The same connection(s) as `db`, for a library that brings its own SQL (the job queue). */
  sql: SqlRunner;
  ping(): Promise<boolean>;
  /**
   * Runs `work` while no other instance on this database runs its own: start-up work that is not
   * safe at once from several processes (the job queue creating its schema and queues). PostgreSQL:
   * an advisory lock; PGlite belongs to one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** LISTEN for notifications: PostgreSQL on a connection of its own (outside the pool), PGlite in this process. */
  listen: Listen;
  /** PGlite only: the whole data directory as a gzipped tarball (`npm run backup`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
// Any constant works; it only has to be the same for every instance migrating one database.
const startupLockId = 7_311_042;

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rows<T>(executor: Executor, statement: SQL): Promise<T[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A named, prepared statement whose rows come back as arrays of column values, straight from the
 * driver (node-postgres or PGlite, whichever `db` runs on). For a statement on every request's
 * path: Drizzle's own prepared statements map each row through its field tree, which cost more
 * CPU than the driver's parsing (decision 035). Write the statement with Drizzle and hand its
 * `toSQL().sql` here; the columns come in the order the select names them. Failures are counted
 * as every other statement's are: both drivers' `query` is watched.
 */
export function preparedArrays(db: Db, name: string, text: string): (values: unknown[]) => Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | PGliteLike }).$client;
  if (client instanceof pg.Pool) {
    return async (values) => (await client.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
  }
  return async (values) => (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
}

type PGliteLike = { query<T>(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<{ rows: T[] }> };

/**
 * The same runner inside a Drizzle transaction (or on `db`): pg-boss's `$n` placeholders become
 * Drizzle parameters, so a job is sent in the transaction that accepts it and commits or rolls
 * back with it. One statement per call.
 */
export function executorSql(executor: Executor): SqlRunner {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const statement = sql.join(
        pieces.map((piece, index) => (index % 2 === 1 ? sql`${sql.param(values[Number(piece) - 1])}` : sql.raw(piece))),
        sql.raw(''),
      );
      return { rows: await rows(executor, statement) };
    },
  };
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
  /** Told when the embedded database lost its DATA_DIR lock (its socket removed or replaced); by default the process exits 1. */
  onLockLost?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.onIdleError);
  return openPglite(options.dataDir, options.onLockLost);
}

/** Failed statements by SQLSTATE; `count` is handed every error a statement answers. */
function queryErrorCounter() {
  const counts = new Map<string, number>();
  return {
    counts,
    count(error: unknown): void {
      const code = (error as { code?: unknown } | null)?.code;
      const key = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'unknown';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
  };
}

type AnyMethod = (...args: unknown[]) => unknown;

/**
 * Replaces `target[name]` by a function that tells `onError` about each failure and otherwise
 * behaves as before: a promise is watched (and handed back as it was), a trailing callback is
 * wrapped (node-postgres's pool calls its clients' `query` that way).
 */
function watchFailures(target: object, name: string, onError: (error: unknown) => void): void {
  const original = (target as Record<string, AnyMethod>)[name]!.bind(target);
  (target as Record<string, AnyMethod>)[name] = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) onError(error);
        return (last as AnyMethod)(error, ...rest);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result instanceof Promise) result.catch(onError);
    return result;
  };
}

async function openPostgres(
  url: string,
  max: number,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Without a listener, a dropped idle connection (a PostgreSQL restart) would crash the process.
  pool.on('error', onIdleError);
  const queryErrors = queryErrorCounter();
  // Every statement, pooled or in a transaction, goes through some client's `query`.
  pool.on('connect', (client) => {
    nameStatements(client);
    watchFailures(client, 'query', queryErrors.count);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  async function exclusively<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [startupLockId]);
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [startupLockId]).catch(() => undefined);
      client.release();
    }
  }
  // Several instances may start at once; one migrates, the others wait and find nothing to do.
  await exclusively((client) => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
  const listen = postgresListener(url, onIdleError);
  return {
    exclusively: (work) => exclusively(() => work()),
    listen,
    db,
    kind: 'postgres',
    stats: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      queryErrors: queryErrors.counts,
    }),
    // Without values node-postgres uses the simple protocol, which runs several statements.
    sql: { executeSql: (text, values) => pool.query(text, values && values.length > 0 ? values : undefined), listen },
    ping: () =>
      pool.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other statements, and its
 * subscription lost with it). A lost connection is made again after 1 s, doubling up to 30 s, and
 * `onReconnect` is told once it listens again; TCP keepalive finds a connection that died silently.
 * The first connection must succeed: a caller that cannot listen falls back to looking.
 */
function postgresListener(url: string, onError: (error: Error) => void): Listen {
  return async (channel, onNotification, onReconnect) => {
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delayMs = 1000;
    const connect = async (): Promise<pg.Client> => {
      const next = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotification(message.payload ?? '');
      });
      next.on('error', (error) => {
        onError(error);
        lost(next);
      });
      next.on('end', () => lost(next));
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      return next;
    };
    const lost = (which: pg.Client) => {
      if (closed || which !== client) return;
      client = undefined;
      void which.end().catch(() => undefined);
      const again = () => {
        retry = undefined;
        if (closed) return;
        connect().then(
          (next) => {
            if (closed) return void next.end().catch(() => undefined);
            client = next;
            delayMs = 1000;
            onReconnect();
          },
          (error: Error) => {
            onError(error);
            delayMs = Math.min(delayMs * 2, 30_000);
            retry = setTimeout(again, delayMs);
            retry.unref();
          },
        );
      };
      retry = setTimeout(again, delayMs);
      retry.unref();
    };
    client = await connect();
    return {
      async close() {
        closed = true;
        clearTimeout(retry);
        const last = client;
        client = undefined;
        await last?.end().catch(() => undefined);
      },
    };
  };
}

/** Loaded only when used: an instance on PostgreSQL never loads PGlite, some 20 MB of resident
 * memory (the budget of a web instance serving 300 slow downloads, docs/architecture.md §5). */
async function loadPglite() {
  const [{ PGlite }, durable, { lockDataDir }, { createDatabaseApart }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-durable.ts'),
    import('./data-dir-lock.ts'),
    import('./pglite-initdb.ts'),
  ]);
  return { PGlite, durable, lockDataDir, createDatabaseApart };
}

/**
 * PGlite on `DATA_DIR/pglite`, locked against a second process and durable (decision 025);
 * `loadDataDir` fills a new directory from a backup. A new directory is made and
 * migrated apart (createDatabaseApart); an existing one is not migrated here.
 */
export async function openEmbeddedClient(
  dataDir: string,
  options: { loadDataDir?: Blob; onLockLost?: (error: Error) => void } = {},
) {
  const { PGlite, durable, lockDataDir, createDatabaseApart } = await loadPglite();
  const dir = embeddedDatabaseDir(dataDir);
  await makePrivateDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let client: InstanceType<typeof PGlite> | undefined;
  const unlock = await lockDataDir(dir, {
    // Another process may be writing now: no write of ours may follow, and the process must end.
    onLost: (error) => {
      void client?.close().catch(() => undefined);
      (options.onLockLost ?? exitOnLockLost)(error);
    },
  });
  try {
    if (!options.loadDataDir) await createDatabaseApart(dir, migrationsFolder);
    client = await PGlite.create({
      fs: new durable.DurableNodeFS(dir),
      startParams: durable.durableStartParams,
      loadDataDir: options.loadDataDir,
    });
    return { client, unlock };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** A process whose DATA_DIR lock is gone says so and ends non-zero; its supervisor restarts it, or the next start is refused. */
function exitOnLockLost(error: Error): never {
  process.stderr.write(`${error.message}; stopping\n`);
  process.exit(1);
}

export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string | null, onLockLost?: (error: Error) => void): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    loadPglite(),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const { client, unlock } = dataDir
    ? await openEmbeddedClient(dataDir, { onLockLost })
    : { client: await PGlite.create(), unlock: async () => undefined };
  const queryErrors = queryErrorCounter();
  watchFailures(client, 'query', queryErrors.count);
  watchFailures(client, 'exec', queryErrors.count);
  const transaction = client.transaction.bind(client);
  client.transaction = (run) =>
    transaction((tx) => {
      watchFailures(tx, 'query', queryErrors.count);
      watchFailures(tx, 'exec', queryErrors.count);
      return run(tx);
    });
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    await unlock();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One connection, inside this process: no pool to report.
    stats: () => ({ pool: undefined, queryErrors: queryErrors.counts }),
    // pg-boss's own adapter: statements with values go to `query`, text without them (its schema
    // changes, several statements in one) to `exec`, and a statement that fails inside one of its
    // BEGIN…COMMIT blocks is rolled back before the next, as a pool's fresh connection would be.
    sql: fromPglite(client),
    // The notifications of this process's own commits: PGlite has no other process to hear from.
    async listen(channel, onNotification) {
      const unlisten = await client.listen(channel, onNotification);
      return { close: unlisten };
    },
    ping: () =>
      client.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    exclusively: (work) => work(),
    dump: () => client.dumpDataDir('gzip'),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}
