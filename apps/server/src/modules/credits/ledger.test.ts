import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import * as creditsRepo from './credits.repository.ts';

const ledger = (t: TestContext, token: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/credits/ledger${query}`, headers: token ? { token } : {} });

describe.each(databaseKinds)('credit ledger on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('tells, newest first, where the credits went, with the image an action made', async () => {
    const { token, user } = await register(t.app);
    const db = t.database.db;
    // A purchase of Popular, as the payments module records it.
    const paymentId = `pi_test_${randomUUID()}`;
    await db.execute(sql`INSERT INTO payments (user_id, bundle, amount_cents, currency, credits, status, provider, provider_payment_id, idempotency_key)
                         VALUES (${user.id}, 'Popular', 3500, 'usd', 35, 'succeeded', 'local', ${paymentId}, ${randomUUID()})`);
    await creditsRepo.addCredits(db, user.id, 35, 'purchase', paymentId);
    // A generation through the API, then a background removal that failed and was refunded.
    const generated = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'A lighthouse at dawn',
      model: 'dall-e-2',
      size: '256x256',
      quality: 'standard',
    });
    expect(generated.statusCode).toBe(200);
    const imageId = generated.json().imageId as string;
    expect(imageId).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await creditsRepo.insertReservation(db, user.id, 1, 'remove-background');
    await creditsRepo.refundReservation(db, failed!.reservationId);

    const response = await ledger(t, token);
    expect(response.statusCode).toBe(200);
    const { entries, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(
      entries.map((e: { description: string; delta: number; balanceAfter: number; imageId: string | null }) => [
        e.description,
        e.delta,
        e.balanceAfter,
        e.imageId,
      ]),
    ).toEqual([
      ['Refund — background removal failed', 1, 39, null],
      ['Background removal', -1, 38, null],
      ['Image generation', -1, 39, imageId],
      ['Bought Popular · 35 credits', 35, 40, null],
      ['Sign-up bonus', 5, 5, null],
    ]);
    expect(entries[0]).toMatchObject({
      reason: 'refund',
      id: expect.stringMatching(/^\d+$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('pages with the cursor, newest first, without gaps or repeats', async () => {
    const { token, user } = await register(t.app);
    for (let i = 0; i < 6; i += 1)
      expect((await post(t.app, '/api/image/deduct-credit', token)).statusCode).toBe(i < 5 ? 200 : 402);
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: { entries: Array<{ balanceAfter: number }>; nextCursor: string | null } = (
        await ledger(t, token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e: { balanceAfter: number }) => e.balanceAfter));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    const [first] = (await ledger(t, token, '?limit=1')).json().entries;
    expect(first).toMatchObject({ description: 'Credit used', delta: -1, balanceAfter: 0 });
    expect(user.id).toBeTruthy();
  });

  it("never shows another user's entries, even with their cursor", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await post(t.app, '/api/image/deduct-credit', a.token);
    const aEntries = (await ledger(t, a.token)).json().entries as Array<{ id: string }>;
    const bPage = (await ledger(t, b.token, `?cursor=${Number(aEntries[0]!.id) + 1}`)).json();
    expect(bPage.entries.map((e: { description: string }) => e.description)).toEqual(['Sign-up bonus']);
    const aIds = new Set(aEntries.map((e) => e.id));
    expect(bPage.entries.some((e: { id: string }) => aIds.has(e.id))).toBe(false);
  });

  it.each([
    ['?limit=0', 'Limit must be between 1 and 100'],
    ['?limit=101', 'Limit must be between 1 and 100'],
    ['?limit=ten', 'Limit must be a number'],
    ['?cursor=abc', 'Cursor is not valid: use the nextCursor of the previous page'],
    ['?page=2', 'Unknown field: page'],
  ])('refuses %s with "%s"', async (query, message) => {
    const { token } = await register(t.app);
    const response = await ledger(t, token, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
  });

  it('answers 401 without a session', async () => {
    const response = await ledger(t, undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please log in to continue' });
  });
});
