/**
 * `npx tsx bench/image-search-only.ts`: just the image-search rows of `npm run bench`, on PGlite
 * and, with TEST_DATABASE_URL or DATABASE_URL, PostgreSQL.
 */
import { benchImageSearch, imageSearchLines } from './image-search.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
console.log(
  '## searching one account’s images: GET /api/images through the whole app (session check included), 30 rounds each',
);
for (const kind of postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  for (const line of imageSearchLines(await benchImageSearch(kind))) console.log(line);
}
