/**
 * `npx tsx bench/tools-only.ts [memory|health|overhead]…`: just the editing tools' server figures of
 * `npm run bench` (all three when none is named), on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { benchHealthWhileEditing, benchToolOverhead, benchUploadMemory } from './tools.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const asked = process.argv.slice(2);
const wants = (figure: string) => asked.length === 0 || asked.includes(figure);

if (wants('overhead')) for (const kind of kinds) console.log(JSON.stringify(await benchToolOverhead(kind)));
if (wants('memory')) {
  for (const kind of kinds) {
    const m = await benchUploadMemory(kind);
    console.log(
      `server RSS (${kind}) with ${m.parallel} concurrent ${(m.uploadBytes / 1e6).toFixed(1)} MB uploads, ${m.rounds} rounds, ${m.ok}/${m.total} edited: peak ${m.peakMb.toFixed(0)} MB, ${m.idleMb.toFixed(0)} MB before (budget < 400 MB)`,
    );
  }
}
if (wants('health')) {
  const h = await benchHealthWhileEditing(kinds[0], 'remove-background');
  console.log(JSON.stringify(h));
}
