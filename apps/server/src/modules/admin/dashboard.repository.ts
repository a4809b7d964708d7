import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';

const utcDay = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);

export const dailyFigures = [
  'signups',
  'confirmed',
  'payingCustomers',
  'creditsSold',
  'creditsSpent',
  'revenueCents',
  'providerCostUsd',
  'refunds',
  'disputes',
] as const;
export type DailyFigure = (typeof dailyFigures)[number];

/**
 * Every figure of the overview per UTC day since `since`, as (figure, day, value) rows: one
 * statement, so the figures are read from one snapshot. Credits spent are the ledger's paid work
 * (reservations and spends, less refunds); money and customers follow the day a purchase was
 * credited; refunds and disputes the day the payment last changed.
 */
export async function figuresByDay(
  ex: Executor,
  since: Date,
): Promise<Array<{ figure: DailyFigure; day: string; value: number }>> {
  const from = since.toISOString();
  const found = await rows<{ figure: DailyFigure; day: string; value: number | string }>(
    ex,
    sql`SELECT 'signups' AS figure, ${utcDay('created_at')} AS day, count(*)::float8 AS value
          FROM users WHERE created_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'confirmed', ${utcDay('email_verified_at')}, count(*)::float8
          FROM users WHERE email_verified_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'payingCustomers', ${utcDay('credited_at')}, count(DISTINCT user_id)::float8
          FROM payments WHERE credited_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'creditsSold', ${utcDay('credited_at')}, sum(credits)::float8
          FROM payments WHERE credited_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'revenueCents', ${utcDay('credited_at')}, sum(amount_cents)::float8
          FROM payments WHERE credited_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'creditsSpent', ${utcDay('created_at')}, (-sum(delta))::float8
          FROM credit_ledger WHERE reason IN ('reservation', 'spend', 'refund') AND created_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'providerCostUsd', ${utcDay('created_at')}, coalesce(sum(cost_usd), 0)::float8
          FROM job_provider_attempts WHERE created_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'refunds', ${utcDay('updated_at')}, count(*)::float8
          FROM payments WHERE status = 'refunded' AND updated_at >= ${from} GROUP BY 2
        UNION ALL
        SELECT 'disputes', ${utcDay('updated_at')}, count(*)::float8
          FROM payments WHERE status = 'disputed' AND updated_at >= ${from} GROUP BY 2`,
  );
  return found.map((row) => ({ ...row, value: Number(row.value) }));
}

/** Customers with a purchase credited since `since`, each counted once. */
export async function payingCustomersSince(ex: Executor, since: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(DISTINCT user_id)::int AS n FROM payments WHERE credited_at >= ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}
