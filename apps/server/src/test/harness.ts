import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { embeddedDatabaseDir, openDatabase, rows, type Database } from '../db/client.ts';
import { checkAnswers } from './contract-answers.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every database suite runs on PGlite, and on real PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Where a test database lives, so a second app (a "restart") can open the same one. */
export type DatabaseLocation = { kind: DatabaseKind; url?: string; dataDir: string; dispose(): Promise<void> };

/**
 * A fresh, empty database: a new PostgreSQL database (made through `adminUrl`, by default
 * TEST_DATABASE_URL), or a new PGlite directory on disk — a copy of the migrated one Vitest's
 * global setup made (test/pglite-template.ts), else made when first opened.
 */
export async function createDatabaseLocation(
  kind: DatabaseKind,
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<DatabaseLocation> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-test-'));
  if (kind === 'pglite') {
    const template = process.env.LUMIGEN_TEST_PGLITE_TEMPLATE;
    if (template) await cp(template, embeddedDatabaseDir(dataDir), { recursive: true });
    return { kind, dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lumigen_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    dataDir,
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A closed pool's sockets may still be saying goodbye; give them a moment before forcing.
      for (let i = 0; i < 40; i += 1) {
        const { rows: left } = await client.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (left[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(
  location: Pick<DatabaseLocation, 'url' | 'dataDir'>,
  env: Record<string, string> = {},
): Config {
  return loadConfig({
    DATA_DIR: location.dataDir,
    ...(location.url ? { DATABASE_URL: location.url } : {}),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(location.dataDir, 'no-web-build'),
    // High enough that ordinary tests never trip them; the rate-limit tests lower them.
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AUTH_RATE_LIMIT_EMAIL_MAX: '100000',
    PAID_RATE_LIMIT_USER_MAX: '100000',
    PAID_RATE_LIMIT_IP_MAX: '100000',
    FORMS_RATE_LIMIT_IP_MAX: '100000',
    // Tests of paid work run the local engines (or a fake named local) through the money path;
    // the previews' own price is tested in local-previews.test.ts.
    LOCAL_PREVIEW_CREDITS: '1',
    ...env,
  });
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  location: DatabaseLocation;
  close(): Promise<void>;
};

/** The real app on a fresh database of the given kind; every answer it gives is checked against the contract. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Partial<BuildOptions> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const location = await createDatabaseLocation(kind);
  const config = testConfig(location, env);
  const database = await openDatabase({ url: location.url, dataDir: location.dataDir });
  const app = checkAnswers(await buildApp({ config, database, logger: false, ...options }));
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    location,
    async close() {
      await app.close();
      await database.close();
      await location.dispose();
    },
  };
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** Registers a user through the API; returns the token and the answer. */
export async function register(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string } = {},
) {
  const body = { name: 'Ada Lovelace', email: uniqueEmail(), password: 'correct horse battery', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/user/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const json = response.json() as { token: string; user: { id: string; email: string; creditBalance: number } };
  return { ...json, password: body.password };
}

export function post(app: FastifyInstance, url: string, token?: string, payload?: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Balance and ledger sum of one user, read straight from the tables. */
export async function ledgerState(database: Database, userId: string) {
  const [row] = await rows<{ balance: number; ledger_sum: number; ledger_rows: number }>(
    database.db,
    sql`SELECT u.credit_balance AS balance,
               COALESCE((SELECT sum(delta) FROM credit_ledger WHERE user_id = u.id), 0)::int AS ledger_sum,
               (SELECT count(*) FROM credit_ledger WHERE user_id = u.id)::int AS ledger_rows
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!row) throw new Error('no such user');
  return { balance: row.balance, ledgerSum: row.ledger_sum, ledgerRows: row.ledger_rows };
}

export async function countRows(
  database: Database,
  table: 'users' | 'sessions' | 'credit_ledger' | 'credit_reservations' | 'images',
): Promise<number> {
  const [row] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row?.n ?? 0;
}

/** The image files the app stored under its data directory (the file image store's root). */
export async function storedImageFiles(location: Pick<DatabaseLocation, 'dataDir'>): Promise<string[]> {
  const root = path.join(location.dataDir, 'images');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.png')).map((entry) => path.join(root, entry));
}

/** An app logger whose JSON lines the test reads (pass `logger` to startTestApp, with LOG_LEVEL set). */
export function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    ),
  );
  return { lines, logger: { stream } };
}
