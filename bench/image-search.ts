import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { registerUsers } from './users.ts';

/** docs/decisions/053: a search of one account's 10,000 images answers within this on PostgreSQL. */
export const imageSearchBudgetMs = 50;

export type ImageSearchFigures = {
  kind: DatabaseKind;
  images: number;
  rows: Array<{ label: string; p50: number; max: number; found: number }>;
};

const adjectives = [
  'red',
  'quiet',
  'golden',
  'misty',
  'tiny',
  'ancient',
  'neon',
  'frozen',
  'lonely',
  'bright',
  'stormy',
  'gentle',
  'rusty',
  'velvet',
  'hidden',
  'silver',
  'wild',
];
const subjects = [
  'fox',
  'lighthouse',
  'robot',
  'castle',
  'whale',
  'forest',
  'city',
  'teapot',
  'dragon',
  'bicycle',
  'garden',
  'owl',
  'mountain',
  'train',
  'violin',
  'cactus',
  'harbour',
  'kite',
  'tiger',
  'bridge',
  'comet',
  'market',
  'library',
];
const settings = [
  'at dusk',
  'in the snow',
  'under the sea',
  'on mars',
  'at noon',
  'in the rain',
  'by candlelight',
  'in autumn',
  'at the beach',
  'in fog',
  'at night',
  'in spring',
  'on a hill',
];
const tools = ['remove-background', 'upscale', 'cleanup', 'replace-background', 'reimagine'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * One account with `count` images (four in five generations with prompts from a small vocabulary,
 * the rest tool results), beside two other accounts with as many, searched through the real route.
 */
export async function benchImageSearch(kind: DatabaseKind, count = 10_000, rounds = 30): Promise<ImageSearchFigures> {
  const location = await createDatabaseLocation(kind);
  const config = testConfig(location, { LOG_LEVEL: 'warn' });
  const database = await openDatabase({ url: location.url, dataDir: location.dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const users = await registerUsers(app, 3);
    const words = (i: number) =>
      `${adjectives[i % adjectives.length]} ${subjects[(i * 7) % subjects.length]} ${settings[(i * 11) % settings.length]} n${i}`;
    for (const user of users) {
      for (let start = 0; start < count; start += 2000) {
        const batch = Array.from({ length: Math.min(2000, count - start) }, (_, k) => start + k);
        const values = batch.map((i) => {
          const tool = i % 5 === 4 ? tools[Math.floor(i / 5) % tools.length]! : 'generation';
          const prompt = tool === 'generation' || tool === 'replace-background' ? words(i) : null;
          return sql`(gen_random_uuid(), ${user.id}::uuid, ${tool}, ${prompt}, '{}'::jsonb, 'local', 512, 512, 1000, gen_random_uuid()::text || '.png', now() - ${`${count - i} seconds`}::interval)`;
        });
        await database.db.execute(
          sql`INSERT INTO images (id, user_id, kind, prompt, params, provider, width, height, byte_size, storage_key, created_at) VALUES ${sql.join(values, sql`, `)}`,
        );
      }
    }
    await database.db.execute(sql`ANALYZE images`);
    const [owner] = users;
    const queries: Array<[string, string]> = [
      ['no words, newest 24', 'limit=24'],
      ['a common word (fox)', 'q=fox&limit=24'],
      ['two words (misty lighthouse)', 'q=misty+lighthouse&limit=24'],
      ['a word start (lightho)', 'q=lightho&limit=24'],
      ['a rare word (n4242)', 'q=n4242&limit=24'],
      ['no match (zebra)', 'q=zebra&limit=24'],
      ['a tool by name (background)', 'q=background&limit=24'],
      ['kind generation + word (dragon)', 'kind=generation&q=dragon&limit=24'],
    ];
    const rows: ImageSearchFigures['rows'] = [];
    for (const [label, query] of queries) {
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/images?${query}`,
          headers: { token: owner!.token },
        });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`search ${query}: ${response.statusCode} ${response.body}`);
        found = (response.json() as { images: unknown[] }).images.length;
      }
      rows.push({ label, p50: median(times), max: Math.max(...times), found });
    }
    // The second page of a common word: the cursor path.
    const first = await app.inject({
      method: 'GET',
      url: '/api/images?q=fox&limit=24',
      headers: { token: owner!.token },
    });
    const cursor = (first.json() as { nextCursor: string }).nextCursor;
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await app.inject({
        method: 'GET',
        url: `/api/images?q=fox&limit=24&cursor=${cursor}`,
        headers: { token: owner!.token },
      });
      times.push(performance.now() - started);
    }
    rows.push({ label: 'a common word, second page', p50: median(times), max: Math.max(...times), found: 24 });
    return { kind, images: count, rows };
  } finally {
    await app.close();
    await database.close();
    await location.dispose();
  }
}

export function imageSearchLines(figures: ImageSearchFigures): string[] {
  const budget = figures.kind === 'postgres' ? ` (budget p50 < ${imageSearchBudgetMs} ms)` : '';
  return figures.rows.map(
    (row) =>
      `${`image search, ${figures.images} images (${figures.kind}): ${row.label}`.padEnd(86)} p50 ${row.p50.toFixed(1).padStart(6)} ms   max ${row.max.toFixed(1).padStart(6)} ms   ${String(row.found).padStart(2)} found${budget}`,
  );
}
