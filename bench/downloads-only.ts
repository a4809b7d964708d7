/**
 * `npx tsx bench/downloads-only.ts [files|s3]…`: just the slow-downloads memory figure of
 * `npm run bench` (both stores when none is named), from a built web-only instance on PostgreSQL
 * (TEST_DATABASE_URL or DATABASE_URL, else this machine's).
 */
import { benchSlowDownloads, disposeSlowDownloads, slowDownloadsLine } from './downloads.ts';
import { defaultAdminUrl, unreachable } from './postgres.ts';

const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? defaultAdminUrl;
const why = await unreachable(adminUrl);
if (why) throw new Error(why);
const asked = process.argv.slice(2);
const storages = (['files', 's3'] as const).filter((storage) => asked.length === 0 || asked.includes(storage));

for (const storage of storages) console.log(slowDownloadsLine(await benchSlowDownloads(adminUrl, storage)));
await disposeSlowDownloads();
