import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedDatabaseDir, migrationsFolder } from '../db/client.ts';
import { createDatabaseApart } from '../db/pglite-initdb.ts';

/**
 * Vitest's global setup for the server tests: one migrated PGlite database, made once per run,
 * that `createDatabaseLocation` copies for every PGlite test database. initdb and the migrations
 * take seconds each time (more on a busy machine); a copy of the closed directory takes a
 * fraction of one.
 */
export async function setup() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-pglite-template-'));
  await createDatabaseApart(embeddedDatabaseDir(root), migrationsFolder);
  process.env.LUMIGEN_TEST_PGLITE_TEMPLATE = embeddedDatabaseDir(root);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
