import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';

export type PriceRow = { action: string; credits: number; updated_at: Date | string | null };

/** Writes each action's starting price unless the table already holds one: an operator's price is kept. */
export async function seedPrices(ex: Executor, table: Record<string, number>): Promise<void> {
  const values = Object.entries(table).map(([action, credits]) => sql`(${action}, ${credits})`);
  await ex.execute(
    sql`INSERT INTO action_prices (action, credits) VALUES ${sql.join(values, sql`, `)} ON CONFLICT (action) DO NOTHING`,
  );
}

export function readPrices(ex: Executor): Promise<PriceRow[]> {
  return rows<PriceRow>(ex, sql`SELECT action, credits, updated_at FROM action_prices ORDER BY action`);
}

/**
 * Sets one action's price, the row locked so that two changes at once are told apart; the price
 * before and the row after, or undefined when no such action is stored.
 */
export async function updatePrice(
  ex: Executor,
  action: string,
  credits: number,
  adminId: string,
): Promise<{ before: number; after: PriceRow } | undefined> {
  const [before] = await rows<{ credits: number }>(
    ex,
    sql`SELECT credits FROM action_prices WHERE action = ${action} FOR UPDATE`,
  );
  if (!before) return undefined;
  const [after] = await rows<PriceRow>(
    ex,
    sql`UPDATE action_prices SET credits = ${credits}, updated_at = now(), updated_by = ${adminId}
        WHERE action = ${action} RETURNING action, credits, updated_at`,
  );
  return after ? { before: before.credits, after } : undefined;
}
