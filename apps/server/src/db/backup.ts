import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedDatabaseDir, openDatabase, openEmbeddedClient } from './client.ts';

const run = promisify(execFile);

/** Where the database lives: PostgreSQL by URL, else PGlite under `dataDir`. */
export type DatabaseTarget = { databaseUrl?: string; dataDir: string };

/**
 * `npm run backup`: PostgreSQL through `pg_dump --format=custom` (its own consistent snapshot,
 * while the service runs); PGlite through its own dump of the data directory (the embedded
 * database belongs to one process, so the server must be stopped: the directory lock says so).
 * Answers the file written. Images are not in it: `DATA_DIR/images` is copied beside it, or the
 * bucket keeps its own versions (docs/deploy.md).
 */
export async function backupDatabase(target: DatabaseTarget, file?: string): Promise<string> {
  const out = file ?? defaultBackupFile(target);
  await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  if (target.databaseUrl) {
    // pg_dump makes its file at the umask's mode; it holds every account: nobody else's to read.
    await writeFile(out, '', { mode: 0o600 });
    await chmod(out, 0o600);
    await postgresTool('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`], target.databaseUrl);
    await chmod(out, 0o600);
    return out;
  }
  const database = await openDatabase({ dataDir: target.dataDir });
  try {
    const tarball = await database.dump!();
    await writeFile(out, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    await chmod(out, 0o600);
  } finally {
    await database.close();
  }
  return out;
}

/**
 * `npm run restore <file>`: PostgreSQL through `pg_restore --clean` into the configured database;
 * PGlite into a fresh `DATA_DIR/pglite`, the current one kept aside as `pglite.before-restore-<time>`.
 * Migrations newer than the backup run at the next start, as after any upgrade.
 */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<{ keptAside?: string }> {
  await stat(file); // A clear ENOENT before anything is moved.
  if (target.databaseUrl) {
    // A file pg_restore cannot read stops here, before anything is dropped.
    await postgresTool('pg_restore', ['--list', file]);
    // pg_restore --clean cannot drop pg-boss's partitioned tables ("cannot drop inherited
    // constraint"), so the schemas this service owns are emptied first and restored whole.
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query(
        'BEGIN; DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; COMMIT;',
      );
    } finally {
      await client.end();
    }
    // pg_restore needs -d to restore into a database; the name alone, the rest from the environment.
    const database = libpqEnvironment(target.databaseUrl).PGDATABASE ?? 'postgres';
    await postgresTool(
      'pg_restore',
      ['--no-owner', '--single-transaction', `--dbname=${database}`, file],
      target.databaseUrl,
    );
    return {};
  }
  const dir = embeddedDatabaseDir(target.dataDir);
  // Taking the lock first: a running server must not have its directory moved under it.
  const current = await openDatabase({ dataDir: target.dataDir });
  await current.close();
  const keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(dir, keptAside);
  const { client, unlock } = await openEmbeddedClient(target.dataDir, {
    loadDataDir: new Blob([await readFile(file)]),
  });
  await client.close();
  await unlock();
  return { keptAside };
}

function defaultBackupFile(target: DatabaseTarget): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(
    target.dataDir,
    'backups',
    target.databaseUrl ? `lumigen-${stamp}.pgdump` : `lumigen-${stamp}.tar.gz`,
  );
}

/**
 * libpq's environment for a database URL: the connection, password included, reaches the tool
 * through its environment, which only its owner can read, never its argv, which `ps` shows to
 * every user of the machine.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  // The URL's parameters libpq also reads from its environment.
  const parameters: Record<string, string> = {
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    application_name: 'PGAPPNAME',
    host: 'PGHOST',
    port: 'PGPORT',
    user: 'PGUSER',
    password: 'PGPASSWORD',
    dbname: 'PGDATABASE',
    options: 'PGOPTIONS',
    connect_timeout: 'PGCONNECT_TIMEOUT',
  };
  for (const [name, value] of url.searchParams) {
    const variable = parameters[name];
    if (variable) env[variable] = value;
    else
      throw new Error(
        `DATABASE_URL parameter ${name} cannot be passed to pg_dump or pg_restore through the environment`,
      );
  }
  return env;
}

async function postgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl?: string): Promise<void> {
  try {
    // With a URL, libpq reads the connection from PG* variables; any of ours would otherwise mix in.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
    await run(tool, args, {
      maxBuffer: 64 * 1024 * 1024,
      ...(databaseUrl ? { env: { ...inherited, ...libpqEnvironment(databaseUrl) } } : {}),
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(
        `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) in the version of the server or newer`,
        { cause: error },
      );
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`, { cause: error });
  }
}
