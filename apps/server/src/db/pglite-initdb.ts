import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { queueNames } from './queue-names.ts';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

/**
 * Makes a new PGlite database in `dir`, migrated and holding pg-boss's schema (pg-boss's default
 * `pgboss`, as the job queue uses it) and our queues (`queueNames`), in a child process. initdb and the first migrations grow
 * PGlite's WebAssembly memory to some 700 MB, and a WebAssembly memory never shrinks: run in the
 * server's process, they stayed resident for the life of the process (892 MB idle after a first
 * start). A worker thread did not give it back either (+178 MB measured); a child process does.
 * pg-boss's schema and queues, made by the server's first start, still kept some 30 MB (idle
 * 222–266 MB after a first start, 205–218 MB after a restart). Plain JavaScript, so the child
 * needs no TypeScript loader.
 *
 * PGlite writes without fsync there, which is safe only because there is nothing yet to lose: it
 * works in a folder beside `dir`, whose files are synced once it has closed and which then takes
 * `dir`'s place in one rename, so a start cut short leaves no half-made database behind (decision
 * 025). An existing database is left alone: its later migrations run in the server, durably.
 */
export async function createDatabaseApart(dir: string, migrationsFolder: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  // pg-boss runs its statements through the same adapter as the server's (db/client.ts).
  const code = `
    const input = JSON.parse(process.argv[1]);
    (async () => {
      const [{ PGlite }, { drizzle }, { migrate }, { PgBoss, fromPglite }] = await Promise.all(
        [input.modules.pglite, input.modules.drizzle, input.modules.migrator, input.modules.pgBoss].map((file) => import(require('node:url').pathToFileURL(file).href)),
      );
      const client = await PGlite.create({ dataDir: input.dir });
      await migrate(drizzle(client), { migrationsFolder: input.migrationsFolder });
      const boss = new PgBoss({ db: fromPglite(client), backend: 'pglite', schedule: false, supervise: false });
      await boss.start();
      for (const name of input.queues) await boss.createQueue(name);
      await boss.stop({ graceful: false });
      await client.close();
    })().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  `;
  const making = `${dir}.making`;
  await rm(making, { recursive: true, force: true });
  const modules = {
    pglite: require.resolve('@electric-sql/pglite'),
    drizzle: require.resolve('drizzle-orm/pglite'),
    migrator: require.resolve('drizzle-orm/pglite/migrator'),
    pgBoss: require.resolve('pg-boss'),
  };
  try {
    await run(
      process.execPath,
      ['-e', code, JSON.stringify({ dir: making, migrationsFolder, modules, queues: queueNames })],
      { env: { PATH: process.env.PATH } },
    );
  } catch (error) {
    throw new Error(
      `Could not make the embedded database in ${dir}: ${(error as { stderr?: string }).stderr || String(error)}`,
      { cause: error },
    );
  }
  await fsyncTree(making);
  // Replaces the empty folder the caller made (and locked beside it).
  await rename(making, dir);
  await fsyncPath(path.dirname(dir));
}

/** fsync every file and folder under `dir`, folders after their entries. */
async function fsyncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) await fsyncTree(entryPath);
    else if (entry.isFile()) await fsyncPath(entryPath);
  }
  await fsyncPath(dir);
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
