import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';

const utcDay = (column: ReturnType<typeof sql>) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

export type PurchaseRow = {
  id: string;
  created_at: string;
  user_id: string;
  user_email: string;
  bundle: string;
  amount_cents: number;
  currency: string;
  credits: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'refunded' | 'disputed';
  provider: 'local' | 'stripe';
  provider_payment_id: string;
  credited_at: string | null;
  reversed_credits: number;
  shortfall_credits: number;
};

/** Every payment started since `since`, newest first, with its buyer's address. */
export function purchasesSince(ex: Executor, since: Date, limit: number): Promise<PurchaseRow[]> {
  return rows<PurchaseRow>(
    ex,
    sql`SELECT p.id, p.created_at, p.user_id, u.email AS user_email, p.bundle, p.amount_cents, p.currency,
               p.credits, p.status, p.provider, p.provider_payment_id, p.credited_at, p.reversed_credits,
               p.shortfall_credits
        FROM payments p JOIN users u ON u.id = p.user_id
        WHERE p.created_at >= ${since.toISOString()}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`,
  );
}

export type PaymentsDayRow = {
  day: string;
  purchases: number;
  amountCents: number;
  credits: number;
  refunds: number;
  disputes: number;
  reversedCredits: number;
};

/**
 * Per UTC day: purchases by the day they were credited (what the customer received), and
 * payments that ended refunded or disputed by the day they last changed.
 */
export async function paymentsByDay(ex: Executor, since: Date): Promise<PaymentsDayRow[]> {
  const from = since.toISOString();
  const found = await rows<{
    day: string;
    purchases: number;
    amount_cents: number;
    credits: number;
    refunds: number;
    disputes: number;
    reversed_credits: number;
  }>(
    ex,
    sql`WITH bought AS (
          SELECT ${utcDay(sql`credited_at`)} AS day, count(*)::int AS purchases,
                 sum(amount_cents)::int AS amount_cents, sum(credits)::int AS credits
          FROM payments WHERE credited_at >= ${from} GROUP BY 1
        ), reversed AS (
          SELECT ${utcDay(sql`updated_at`)} AS day,
                 count(*) FILTER (WHERE status = 'refunded')::int AS refunds,
                 count(*) FILTER (WHERE status = 'disputed')::int AS disputes,
                 sum(reversed_credits)::int AS reversed_credits
          FROM payments WHERE status IN ('refunded', 'disputed') AND updated_at >= ${from} GROUP BY 1
        )
        SELECT coalesce(b.day, r.day) AS day, coalesce(b.purchases, 0) AS purchases,
               coalesce(b.amount_cents, 0) AS amount_cents, coalesce(b.credits, 0) AS credits,
               coalesce(r.refunds, 0) AS refunds, coalesce(r.disputes, 0) AS disputes,
               coalesce(r.reversed_credits, 0) AS reversed_credits
        FROM bought b FULL JOIN reversed r ON r.day = b.day`,
  );
  return found.map((row) => ({
    day: row.day,
    purchases: row.purchases,
    amountCents: row.amount_cents,
    credits: row.credits,
    refunds: row.refunds,
    disputes: row.disputes,
    reversedCredits: row.reversed_credits,
  }));
}

/** Customers who still owe credits a reversal could not take back, most owed first. */
export function openShortfalls(
  ex: Executor,
  limit: number,
): Promise<Array<{ user_id: string; user_email: string; credits_owed: number }>> {
  return rows(
    ex,
    sql`SELECT id AS user_id, email AS user_email, credits_owed FROM users
        WHERE credits_owed > 0 ORDER BY credits_owed DESC, id LIMIT ${limit}`,
  );
}
