/**
 * `npm run backup [-- file]` and `npm run restore -- <file>`: the database named by the same
 * configuration as `npm start` (DATABASE_URL, else PGlite in DATA_DIR). db/backup.ts says how.
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { backupDatabase, restoreDatabase } from './db/backup.ts';

const [command, given] = process.argv.slice(2);
// npm runs the script in apps/server; a path the operator typed is relative to where they typed it.
const file = given === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;

try {
  if (command === 'backup') {
    const written = await backupDatabase(target, file);
    console.log(`Backed up ${where} to ${written}`);
  } else if (command === 'restore' && file) {
    const { keptAside } = await restoreDatabase(target, file);
    console.log(`Restored ${where} from ${file}${keptAside ? `; the previous database is kept in ${keptAside}` : ''}`);
  } else {
    console.error('usage: npm run backup [-- <file>] | npm run restore -- <file>');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
