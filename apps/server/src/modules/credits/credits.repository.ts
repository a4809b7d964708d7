import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';
import { creditReservations, users } from '../../db/schema.ts';

/**
 * Every statement here changes `users.credit_balance` and appends its ledger row in one SQL
 * statement (data-modifying CTEs), so the two can never disagree and each costs one round trip.
 */

export async function addCredits(
  ex: Executor,
  userId: string,
  amount: number,
  reason: string,
  ref: string,
): Promise<number | null> {
  const [row] = await rows<{ balance_after: number }>(
    ex,
    sql`WITH u AS (
          UPDATE users SET credit_balance = credit_balance + ${amount} WHERE id = ${userId} RETURNING credit_balance
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
        SELECT ${userId}, ${amount}, credit_balance, ${reason}, ${ref} FROM u
        RETURNING balance_after`,
  );
  return row?.balance_after ?? null;
}

/**
 * An operator's correction by `delta` (either sign), never below zero: the new balance, or null when
 * the balance would go below zero or there is no such user (nothing changed).
 */
export async function adjustCredits(ex: Executor, userId: string, delta: number, ref: string): Promise<number | null> {
  const [row] = await rows<{ balance_after: number }>(
    ex,
    sql`WITH u AS (
          UPDATE users SET credit_balance = credit_balance + ${delta}
          WHERE id = ${userId} AND credit_balance + ${delta} >= 0 RETURNING credit_balance
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
        SELECT ${userId}, ${delta}, credit_balance, 'adjustment', ${ref} FROM u
        RETURNING balance_after`,
  );
  return row?.balance_after ?? null;
}

/** Returns the new balance, or null when the balance is below `cost` or credits are owed (nothing changed). */
export async function takeCredits(
  ex: Executor,
  userId: string,
  cost: number,
  reason: string,
  ref: string,
): Promise<number | null> {
  const [row] = await rows<{ balance_after: number }>(
    ex,
    sql`WITH u AS (
          UPDATE users SET credit_balance = credit_balance - ${cost}
          WHERE id = ${userId} AND credit_balance >= ${cost} AND credits_owed = 0 AND (paid_work_paused_until IS NULL OR paid_work_paused_until <= now()) RETURNING credit_balance
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref, api_key_id)
        SELECT ${userId}, ${-cost}, credit_balance, ${reason}, ${ref},
               -- A reservation charged again (paid-image.ts) names the key that reserved it.
               (SELECT api_key_id FROM credit_reservations WHERE id::text = ${ref} AND user_id = ${userId})
        FROM u
        RETURNING balance_after`,
  );
  return row?.balance_after ?? null;
}

/**
 * Takes up to `amount` back, never below zero: what the balance holds of it is taken, and the row
 * says how much (`-taken`, maybe 0). Null when the user does not exist.
 */
export async function takeUpTo(
  ex: Executor,
  userId: string,
  amount: number,
  reason: string,
  ref: string,
): Promise<{ taken: number; balance: number } | null> {
  const [row] = await rows<{ taken: number; balance_after: number }>(
    ex,
    sql`WITH before AS (
          SELECT id, LEAST(credit_balance, ${amount}) AS taken FROM users WHERE id = ${userId} FOR UPDATE
        ), u AS (
          UPDATE users SET credit_balance = users.credit_balance - before.taken FROM before
          WHERE users.id = before.id RETURNING users.credit_balance, before.taken
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
        SELECT ${userId}, -taken, credit_balance, ${reason}, ${ref} FROM u
        RETURNING -delta AS taken, balance_after`,
  );
  return row ? { taken: row.taken, balance: row.balance_after } : null;
}

/** Takes `cost` and records a pending reservation; null when the balance is too low or credits are owed. */
export async function insertReservation(
  ex: Executor,
  userId: string,
  cost: number,
  purpose: string,
  apiKeyId: string | null = null,
): Promise<{ reservationId: string; balance: number } | null> {
  const reservationId = randomUUID();
  const [row] = await rows<{ balance_after: number }>(
    ex,
    sql`WITH u AS (
          UPDATE users SET credit_balance = credit_balance - ${cost}
          WHERE id = ${userId} AND credit_balance >= ${cost} AND credits_owed = 0 AND (paid_work_paused_until IS NULL OR paid_work_paused_until <= now()) RETURNING credit_balance
        ), r AS (
          INSERT INTO credit_reservations (id, user_id, cost, purpose, api_key_id)
          SELECT ${reservationId}, ${userId}, ${cost}, ${purpose}, ${apiKeyId}::uuid FROM u
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref, api_key_id)
        SELECT ${userId}, ${-cost}, credit_balance, 'reservation', ${reservationId}, ${apiKeyId}::uuid FROM u
        RETURNING balance_after`,
  );
  return row ? { reservationId, balance: row.balance_after } : null;
}

/** Marks a pending reservation spent; false when it was already settled (e.g. swept). */
export async function markReservationCommitted(
  ex: Executor,
  reservationId: string,
  imageId?: string,
): Promise<boolean> {
  const updated = await ex
    .update(creditReservations)
    .set({ status: 'committed', settledAt: sql`now()`, ...(imageId ? { imageId } : {}) })
    .where(and(eq(creditReservations.id, reservationId), eq(creditReservations.status, 'pending')))
    .returning({ id: creditReservations.id });
  return updated.length === 1;
}

/** The credits a reservation holds (or held); null when there is no such reservation. */
export async function findReservationCost(ex: Executor, reservationId: string): Promise<number | null> {
  const [row] = await ex
    .select({ cost: creditReservations.cost })
    .from(creditReservations)
    .where(eq(creditReservations.id, reservationId));
  return row?.cost ?? null;
}

/** Gives a pending reservation's credits back, once: the new balance and the credits; null when it was not pending. */
export async function refundReservation(
  ex: Executor,
  reservationId: string,
): Promise<{ balance: number; cost: number } | null> {
  const [row] = await rows<{ balance_after: number; delta: number }>(
    ex,
    sql`WITH r AS (
          UPDATE credit_reservations SET status = 'refunded', settled_at = now()
          WHERE id = ${reservationId} AND status = 'pending' RETURNING user_id, cost, api_key_id
        ), u AS (
          UPDATE users SET credit_balance = credit_balance + r.cost FROM r
          WHERE users.id = r.user_id RETURNING users.id, users.credit_balance, r.cost, r.api_key_id
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref, api_key_id)
        SELECT id, cost, credit_balance, 'refund', ${reservationId}, api_key_id FROM u
        RETURNING balance_after, delta`,
  );
  return row ? { balance: row.balance_after, cost: row.delta } : null;
}

/**
 * Pending reservations older than `olderThan` that nothing is still working on. A job holds its
 * reservation while it waits in the queue (it may wait longer than the timeout) and while an
 * attempt started after `olderThan` runs (JOBS_TIMEOUT_SECONDS is below the reservation timeout,
 * so a live attempt is always younger); a job whose worker is gone is settled by the jobs sweep.
 */
export async function findStaleReservationIds(ex: Executor, olderThan: Date, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    ex,
    sql`SELECT r.id FROM credit_reservations r
        WHERE r.status = 'pending' AND r.created_at < ${olderThan}
          AND NOT EXISTS (
            SELECT 1 FROM jobs j WHERE j.reservation_id = r.id
              AND (j.status = 'queued' OR (j.status = 'running' AND j.started_at >= ${olderThan}))
          )
        ORDER BY r.created_at
        LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
}

/**
 * What each key spent since 00:00 UTC: its reservations and spends, less their refunds, from
 * the ledger (a reservation still pending counts: it is held).
 */
export async function findSpentToday(ex: Executor, apiKeyIds: string[]): Promise<Map<string, number>> {
  if (apiKeyIds.length === 0) return new Map();
  const found = await rows<{ api_key_id: string; spent: number }>(
    ex,
    sql`SELECT api_key_id, COALESCE(-sum(delta), 0)::int AS spent FROM credit_ledger
        WHERE api_key_id IN (${sql.join(
          apiKeyIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        GROUP BY api_key_id`,
  );
  return new Map(found.map((row) => [row.api_key_id, row.spent]));
}

export async function findBalance(ex: Executor, userId: string): Promise<number | null> {
  const [row] = await ex.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? null;
}

export type LedgerRow = {
  id: string;
  created_at: Date | string;
  reason: string;
  delta: number;
  balance_after: number;
  ref: string;
  purpose: string | null;
  image_id: string | null;
  bundle: string | null;
  credits: number | null;
  /** The API key the change was made with, by its name. */
  key_name: string | null;
};

/**
 * One page of a user's ledger, newest first, with what each row needs to be told in words: the
 * reservation's action and image, or the purchase's bundle. `before` is the previous page's last id.
 */
export async function findLedgerPage(
  ex: Executor,
  userId: string,
  before: string | undefined,
  limit: number,
): Promise<LedgerRow[]> {
  return rows<LedgerRow>(
    ex,
    sql`SELECT l.id::text AS id, l.created_at, l.reason, l.delta, l.balance_after, l.ref,
               r.purpose, r.image_id, p.bundle, p.credits, k.name AS key_name
        FROM credit_ledger l
        LEFT JOIN api_keys k ON k.id = l.api_key_id
        LEFT JOIN credit_reservations r ON l.reason IN ('reservation', 'refund', 'spend') AND r.id::text = l.ref AND r.user_id = l.user_id
        LEFT JOIN payments p ON l.reason = 'purchase' AND p.provider_payment_id = l.ref AND p.user_id = l.user_id
        WHERE l.user_id = ${userId} ${before ? sql`AND l.id < ${before}::bigint` : sql``}
        ORDER BY l.id DESC
        LIMIT ${limit}`,
  );
}

/** What the account owes from reversals it could not cover; 0 for an unknown user. */
export async function findOwed(ex: Executor, userId: string): Promise<number> {
  const [row] = await rows<{ owed: number }>(ex, sql`SELECT credits_owed AS owed FROM users WHERE id = ${userId}`);
  return row?.owed ?? 0;
}

/** Adds to what the account owes (no balance changes, so no ledger row). */
/** Clears what the account owes (an operator forgives it); what it owed, 0 when nothing. */
export async function forgiveOwed(ex: Executor, userId: string): Promise<number> {
  const [row] = await rows<{ owed: number }>(
    ex,
    sql`UPDATE users u SET credits_owed = 0 FROM (SELECT id, credits_owed FROM users WHERE id = ${userId} FOR UPDATE) old
        WHERE u.id = old.id RETURNING old.credits_owed AS owed`,
  );
  return row?.owed ?? 0;
}

export async function addOwed(ex: Executor, userId: string, amount: number): Promise<void> {
  await ex.execute(sql`UPDATE users SET credits_owed = credits_owed + ${amount} WHERE id = ${userId}`);
}

/**
 * Pays what is owed from up to `amount` of the balance, in one statement with its ledger row
 * (`shortfall_settled`, once per `ref`); what was paid, 0 when nothing was owed.
 */
export async function settleOwed(ex: Executor, userId: string, amount: number, ref: string): Promise<number> {
  const [row] = await rows<{ paid: number }>(
    ex,
    sql`WITH before AS (
          SELECT id, LEAST(credits_owed, credit_balance, ${amount}) AS paid FROM users WHERE id = ${userId} FOR UPDATE
        ), u AS (
          UPDATE users SET credit_balance = users.credit_balance - before.paid, credits_owed = users.credits_owed - before.paid FROM before
          WHERE users.id = before.id AND before.paid > 0 RETURNING users.credit_balance, before.paid
        )
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
        SELECT ${userId}, -paid, credit_balance, 'shortfall_settled', ${ref} FROM u
        RETURNING -delta AS paid`,
  );
  return row?.paid ?? 0;
}

/** Until when the account's paid work is paused (its unusable-output refunds today ran out); undefined if it is not. */
export async function findPausedUntil(ex: Executor, userId: string): Promise<Date | undefined> {
  const [row] = await rows<{ until: Date | string | null }>(
    ex,
    sql`SELECT paid_work_paused_until AS until FROM users WHERE id = ${userId} AND paid_work_paused_until > now()`,
  );
  return row?.until ? new Date(row.until) : undefined;
}

/**
 * Counts one more unusable-output refund for the account today (UTC), in one statement; at
 * `max`, its paid work is paused until the next 00:00 UTC. The count today.
 */
export async function countUnusableRefund(ex: Executor, userId: string, max: number): Promise<number> {
  const [row] = await rows<{ count: number }>(
    ex,
    sql`WITH today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS day),
        counted AS (
          SELECT u.id, CASE WHEN u.unusable_refunds_day = today.day THEN u.unusable_refunds + 1 ELSE 1 END AS count, today.day
          FROM users u, today WHERE u.id = ${userId}
        )
        UPDATE users SET unusable_refunds = counted.count, unusable_refunds_day = counted.day,
          paid_work_paused_until = CASE WHEN counted.count >= ${max} THEN (counted.day + 1)::timestamp AT TIME ZONE 'UTC' ELSE users.paid_work_paused_until END
        FROM counted WHERE users.id = counted.id
        RETURNING counted.count`,
  );
  return row?.count ?? 0;
}
