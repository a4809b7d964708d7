/**
 * `npx tsx bench/downloads-only.ts [files|s3]…`: just the slow-downloads memory figure of
 * `npm run bench` (both stores when none is named), on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { benchSlowDownloads, disposeSlowDownloads, slowDownloadsLine } from './downloads.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const asked = process.argv.slice(2);
const storages = (['files', 's3'] as const).filter((storage) => asked.length === 0 || asked.includes(storage));

for (const kind of kinds) for (const storage of storages) console.log(slowDownloadsLine(await benchSlowDownloads(kind, storage)));
await disposeSlowDownloads();
