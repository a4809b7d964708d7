import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { createCreditsService, type CreditsService } from './credits.service.ts';

describe.each(databaseKinds)('credits service on %s', (kind) => {
  let t: TestContext;
  let credits: CreditsService;
  beforeAll(async () => {
    t = await startTestApp(kind);
    credits = createCreditsService(t.database.db);
  });
  afterAll(() => t.close());

  const reservationStatus = async (id: string) =>
    (await rows<{ status: string }>(t.database.db, sql`SELECT status FROM credit_reservations WHERE id = ${id}`))[0]
      ?.status;

  it('takeBack takes what is asked when the balance holds it, with a purchase_reversed row', async () => {
    const { user } = await register(t.app);
    await credits.grant(user.id, 35, 'purchase', `pi_take_${user.id}`);
    expect(await credits.takeBack(user.id, 35, `re_${user.id}`)).toEqual({ taken: 35, balance: 5, duplicate: false });
    const reversed = await rows<{ delta: number; balance_after: number }>(
      t.database.db,
      sql`SELECT delta, balance_after FROM credit_ledger WHERE user_id = ${user.id} AND reason = 'purchase_reversed'`,
    );
    expect(reversed).toEqual([{ delta: -35, balance_after: 5 }]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('takeBack never goes below zero: it takes what is left and says so', async () => {
    const { user } = await register(t.app);
    expect(await credits.takeBack(user.id, 35, `re_short_${user.id}`)).toEqual({
      taken: 5,
      balance: 0,
      duplicate: false,
    });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 2 });
    // Even with nothing left the reversal is recorded once, so a replay is recognised.
    expect(await credits.takeBack(user.id, 3, `re_empty_${user.id}`)).toEqual({
      taken: 0,
      balance: 0,
      duplicate: false,
    });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 3 });
  });

  it('takeBack happens once per reference, however often and concurrently it is asked', async () => {
    const { user } = await register(t.app);
    await credits.grant(user.id, 35, 'purchase', `pi_once_${user.id}`);
    const results = await Promise.all(Array.from({ length: 5 }, () => credits.takeBack(user.id, 35, `dp_${user.id}`)));
    expect(results.filter((r) => !r.duplicate)).toEqual([{ taken: 35, balance: 5, duplicate: false }]);
    expect(results.filter((r) => r.duplicate)).toHaveLength(4);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('reserve then commit keeps the credit spent', async () => {
    const { user } = await register(t.app);
    const { reservationId, balance } = await credits.reserve(user.id, 1, 'test');
    expect(balance).toBe(4);
    expect(await credits.commit(reservationId)).toBe(true);
    expect(await reservationStatus(reservationId)).toBe('committed');
    expect(await credits.refund(reservationId)).toBeNull();
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('reserve then refund gives the credit back once, with a refund row naming the reservation', async () => {
    const { user } = await register(t.app);
    const { reservationId } = await credits.reserve(user.id, 2, 'test');
    expect(await credits.refund(reservationId)).toBe(5);
    expect(await credits.refund(reservationId)).toBeNull();
    expect(await credits.commit(reservationId)).toBe(false);
    const refunds = await rows<{ delta: number; ref: string }>(
      t.database.db,
      sql`SELECT delta, ref FROM credit_ledger WHERE user_id = ${user.id} AND reason = 'refund'`,
    );
    expect(refunds).toEqual([{ delta: 2, ref: reservationId }]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('concurrent refunds of one reservation refund it once', async () => {
    const { user } = await register(t.app);
    const { reservationId } = await credits.reserve(user.id, 1, 'test');
    const results = await Promise.all(Array.from({ length: 10 }, () => credits.refund(reservationId)));
    expect(results.filter((r) => r !== null)).toEqual([5]);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('a reservation beyond the balance is refused with 402 and changes nothing', async () => {
    const { user } = await register(t.app);
    await expect(credits.reserve(user.id, 6, 'test')).rejects.toMatchObject({
      statusCode: 402,
      message: 'Not enough credits: this needs 6 credits and your account has 5. Buy credits at /pricing.',
      extra: { creditBalance: 5, creditsNeeded: 6 },
    });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });

  it('grant is applied once per (reason, ref), however often and concurrently it is called', async () => {
    const { user } = await register(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => credits.grant(user.id, 35, 'purchase', 'pi_123')),
    );
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect(results.every((r) => r.balance === 40)).toBe(true);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 40, ledgerSum: 40, ledgerRows: 2 });
  });

  it('the sweep refunds only reservations pending longer than the timeout', async () => {
    const { user } = await register(t.app);
    const stale = await credits.reserve(user.id, 1, 'test');
    const committed = await credits.reserve(user.id, 1, 'test');
    await credits.commit(committed.reservationId);
    await t.database.db.execute(
      sql`UPDATE credit_reservations SET created_at = now() - interval '11 minutes' WHERE user_id = ${user.id}`,
    );
    const fresh = await credits.reserve(user.id, 1, 'test');

    expect(await credits.sweepStale(10 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await reservationStatus(stale.reservationId)).toBe('refunded');
    expect(await reservationStatus(committed.reservationId)).toBe('committed');
    expect(await reservationStatus(fresh.reservationId)).toBe('pending');
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 3, ledgerSum: 3, ledgerRows: 5 });
  });
});
