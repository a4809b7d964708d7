/**
 * `npx tsx bench/stream-flood-only.ts`: just `/api/health` during an event-stream flood, from
 * `npm run bench`, on PGlite (and PostgreSQL with TEST_DATABASE_URL or DATABASE_URL).
 */
import { benchHealthUnderStreamFlood, streamFloodLine } from './stream-flood.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
for (const kind of postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  console.log(streamFloodLine(await benchHealthUnderStreamFlood(kind)));
}
