import type { ImageSummary } from '@lumigen/contract/images';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, register, startTestApp, type TestContext } from '../../test/harness.ts';

type Seed = { kind: string; prompt: string | null; at: string; params?: Record<string, unknown> };

/** Image rows straight into the table: listing reads rows only, never the bytes. */
async function seed(t: TestContext, userId: string, images: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const image of images) {
    const id = crypto.randomUUID();
    await t.database.db.execute(
      sql`INSERT INTO images (id, user_id, kind, prompt, params, provider, width, height, byte_size, storage_key, created_at)
          VALUES (${id}, ${userId}, ${image.kind}, ${image.prompt}, ${JSON.stringify(image.params ?? {})}::jsonb, 'local', 64, 64, 100, ${`${id}.png`}, ${image.at}::timestamptz)`,
    );
    ids.push(id);
  }
  return ids;
}

async function search(t: TestContext, token: string, query: Record<string, string | number>) {
  const url = `/api/images?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
  return t.app.inject({ method: 'GET', url, headers: { token } });
}

async function found(t: TestContext, token: string, query: Record<string, string | number>): Promise<string[]> {
  const response = await search(t, token, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().images as ImageSummary[]).map((image) => image.id);
}

describe.each(databaseKinds)('searching past images on %s', (kind) => {
  let t: TestContext;
  let owner: { token: string; user: { id: string } };
  let other: { token: string; user: { id: string } };
  let fox: string, whale: string, cutout: string, beach: string, sunsetFox: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await register(t.app);
    other = await register(t.app);
    [fox, whale, cutout, beach, sunsetFox] = (await seed(t, owner.user.id, [
      {
        kind: 'generation',
        prompt: 'A red fox asleep in the snow',
        at: '2026-11-01T10:00:00Z',
        params: { size: '512x512', style: 'watercolor' },
      },
      { kind: 'generation', prompt: 'a blue whale, seen from below', at: '2026-11-02T10:00:00Z' },
      { kind: 'remove-background', prompt: null, at: '2026-11-03T10:00:00Z' },
      { kind: 'replace-background', prompt: 'a sunny beach', at: '2026-11-04T10:00:00Z' },
      { kind: 'generation', prompt: 'Fox at sunset', at: '2026-11-05T10:00:00Z' },
    ])) as [string, string, string, string, string];
    // Another account's images share every word: none of them may ever be found.
    await seed(t, other.user.id, [
      { kind: 'generation', prompt: 'A red fox asleep in the snow', at: '2026-11-06T10:00:00Z' },
      { kind: 'remove-background', prompt: null, at: '2026-11-06T11:00:00Z' },
    ]);
  });
  afterAll(() => t.close());

  it('finds by prompt words, in any case, every word needed, a word’s start enough, newest first', async () => {
    expect(await found(t, owner.token, { q: 'fox' })).toEqual([sunsetFox, fox]);
    expect(await found(t, owner.token, { q: 'SNOW Fox' })).toEqual([fox]);
    expect(await found(t, owner.token, { q: 'whal' })).toEqual([whale]);
    expect(await found(t, owner.token, { q: 'fox whale' })).toEqual([]);
    // Punctuation is no part of a word, and cannot break the query.
    expect(await found(t, owner.token, { q: "whale's & !(below)" })).toEqual([whale]);
    expect(await found(t, owner.token, { q: '   ' })).toEqual([sunsetFox, beach, cutout, whale, fox]);
  });

  it('finds by a tool’s name', async () => {
    expect(await found(t, owner.token, { q: 'background' })).toEqual([beach, cutout]);
    expect(await found(t, owner.token, { q: 'remove-background' })).toEqual([cutout]);
    expect(await found(t, owner.token, { q: 'beach replace' })).toEqual([beach]);
  });

  it('filters by kind, with or without words, and refuses a kind that does not exist', async () => {
    expect(await found(t, owner.token, { kind: 'generation' })).toEqual([sunsetFox, whale, fox]);
    expect(await found(t, owner.token, { kind: 'remove-background' })).toEqual([cutout]);
    expect(await found(t, owner.token, { kind: 'edit' })).toEqual([]);
    expect(await found(t, owner.token, { kind: 'generation', q: 'sunset' })).toEqual([sunsetFox]);
    expect(await found(t, owner.token, { kind: 'replace-background', q: 'fox' })).toEqual([]);
    const refused = await search(t, owner.token, { kind: 'painting' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Kind must be one of generation, edit, remove-background');
  });

  it('pages newest first with a cursor, each image once, ties in time included', async () => {
    const { token, user } = await register(t.app);
    // Three of the seven share one instant: the cursor must still split them exactly.
    const seeded = await seed(t, user.id, [
      ...['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04'].map((day) => ({
        kind: 'generation',
        prompt: `a kite ${day}`,
        at: `${day}T08:00:00.123456Z`,
      })),
      ...[1, 2, 3].map(() => ({ kind: 'generation', prompt: 'a kite at noon', at: '2026-10-05T12:00:00.000001Z' })),
    ]);
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const response = await search(t, token, { limit: 2, q: 'kite', ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      pages.push((response.json().images as ImageSummary[]).map((image) => image.id));
      cursor = response.json().nextCursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(7);
    expect(all.slice(3)).toEqual(seeded.slice(0, 4).reverse());
    expect(new Set(all.slice(0, 3))).toEqual(new Set(seeded.slice(4)));
    // A full last page says there is no more.
    expect((await search(t, token, { limit: 7 })).json().nextCursor).toBeNull();
  });

  it('never finds another user’s images, not even with that user’s cursor', async () => {
    expect(await found(t, other.token, { q: 'whale' })).toEqual([]);
    const theirs = await search(t, other.token, { limit: 1 });
    const cursor = theirs.json().nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const mine = await found(t, owner.token, { cursor });
    expect(mine).toEqual([sunsetFox, beach, cutout, whale, fox]);
    expect(await found(t, owner.token, { q: 'fox' })).not.toContain(theirs.json().images[0].id);
  });

  it('answers each image with its prompt, style and tool', async () => {
    const [image] = (await search(t, owner.token, { q: 'snow' })).json().images as ImageSummary[];
    expect(image).toMatchObject({
      id: fox,
      kind: 'generation',
      prompt: 'A red fox asleep in the snow',
      style: 'watercolor',
      settings: { style: 'watercolor', size: '512x512' },
    });
    const [tool] = (await search(t, owner.token, { kind: 'remove-background' })).json().images as ImageSummary[];
    expect(tool).toMatchObject({ kind: 'remove-background', prompt: null, style: null });
  });

  it('refuses a cursor it did not give, and a search too long, with the reason', async () => {
    for (const cursor of ['nonsense', Buffer.from('["x","y"]').toString('base64url')]) {
      const response = await search(t, owner.token, { cursor });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Cursor is not valid');
    }
    const long = await search(t, owner.token, { q: 'w'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search must be at most 200 characters');
  });
});
