import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rows, type Db } from '../../db/client.ts';
import { submitBatch } from '../../test/batch-calls.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { imagePart, pngOf, type Part } from '../../test/tool-calls.ts';

// At every decode of an uploaded picture: what the account has reserved (or spent) by then.
const probe = vi.hoisted(() => ({ db: undefined as Db | undefined, userId: '', heldAtDecode: [] as number[] }));
vi.mock('../tools/tool-input.ts', async (importOriginal) => {
  // Typed by hand: the tools module's internals are not ours to import (docs/decisions/049).
  const original = await importOriginal<{ checkToolInput: (...args: unknown[]) => Promise<unknown> }>();
  return {
    ...original,
    checkToolInput: async (...args: unknown[]) => {
      const [held] = await rows<{ held: number }>(
        probe.db!,
        sql`SELECT coalesce(sum(cost), 0)::int AS held FROM credit_reservations WHERE user_id = ${probe.userId} AND status <> 'refunded'`,
      );
      probe.heldAtDecode.push(held!.held);
      return original.checkToolInput(...args);
    },
  };
});

const upscale: Part[] = [
  ['tool', 'upscale'],
  ['target_width', '96'],
  ['target_height', '64'],
];
const corruptPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(4096, 0x5a),
]);

/** A paid batch or recipe decodes nothing before the whole of its quote is reserved. */
describe.each(databaseKinds)('a paid batch reserves its whole quote before decoding, on %s', (kind) => {
  let t: TestContext;
  const fake = fakeToolProvider();
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: fake.provider });
    probe.db = t.database.db;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    probe.heldAtDecode = [];
  });

  async function threeCreditAccount() {
    const account = await register(t.app);
    for (let i = 0; i < 2; i += 1)
      expect((await post(t.app, '/api/image/deduct-credit', account.token)).statusCode).toBe(200);
    probe.userId = account.user.id;
    return account;
  }
  const reservations = (userId: string) =>
    rows<{ status: string; n: number; credits: number }>(
      t.database.db,
      sql`SELECT status, count(*)::int AS n, sum(cost)::int AS credits FROM credit_reservations WHERE user_id = ${userId} GROUP BY status ORDER BY status`,
    );
  const balanceOf = async (token: string) =>
    (await post(t.app, '/api/image/get-credit', token)).json().creditBalance as number;

  it('a batch of 3 on 3 credits: each picture is decoded with all 3 credits already reserved', async () => {
    const { token } = await threeCreditAccount();
    const pictures = await Promise.all(
      [40, 48, 56].map(async (width, i) => imagePart(await pngOf(width, 32), `photo-${i + 1}.png`)),
    );
    const response = await submitBatch(t.app, token, [...upscale, ...pictures]);
    expect(response.statusCode).toBe(202);
    expect(probe.heldAtDecode).toEqual([3, 3, 3]);
  });

  it('a picture refused at decoding gives its reserved credit back at once; the others stay reserved', async () => {
    const { token, user } = await threeCreditAccount();
    const pictures = [
      imagePart(await pngOf(40, 32), 'good-1.png'),
      imagePart(corruptPng, 'broken.png'),
      imagePart(await pngOf(48, 32), 'good-2.png'),
    ];
    const response = await submitBatch(t.app, token, [...upscale, ...pictures]);
    expect(response.statusCode).toBe(202);
    // The broken picture's credit went back before the third picture was decoded.
    expect(probe.heldAtDecode).toEqual([3, 3, 2]);
    const byStatus = Object.fromEntries((await reservations(user.id)).map((row) => [row.status, row]));
    expect(byStatus.refunded).toMatchObject({ n: 1, credits: 1 });
    expect((byStatus.pending?.credits ?? 0) + (byStatus.committed?.credits ?? 0)).toBe(2);
    expect(await balanceOf(token)).toBe(1);
  });

  it('nothing usable: every reserved credit comes back and the answer is the refusal', async () => {
    const { token, user } = await threeCreditAccount();
    const response = await submitBatch(t.app, token, [
      ...upscale,
      imagePart(corruptPng, 'a.png'),
      imagePart(corruptPng, 'b.png'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(probe.heldAtDecode).toEqual([2, 1]);
    expect(await reservations(user.id)).toEqual([{ status: 'refunded', n: 2, credits: 2 }]);
    expect(await balanceOf(token)).toBe(3);
  });

  it('a recipe of two steps on 2 pictures: decoded with all 4 credits reserved', async () => {
    const { token, user } = await register(t.app);
    probe.userId = user.id;
    const recipe = await t.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: { token },
      payload: {
        name: 'Twice',
        steps: [
          { tool: 'upscale', settings: { target_width: 96, target_height: 64 } },
          { tool: 'upscale', settings: { target_width: 192, target_height: 128 } },
        ],
      },
    });
    expect(recipe.statusCode).toBe(201);
    expect(await balanceOf(token)).toBe(5);
    const pictures = [imagePart(await pngOf(40, 32), 'a.png'), imagePart(await pngOf(48, 32), 'b.png')];
    const response = await submitBatch(t.app, token, pictures, `/api/recipes/${recipe.json().recipe.id}/run`);
    expect(response.statusCode).toBe(202);
    expect(probe.heldAtDecode).toEqual([4, 4]);
  });
});
