import type { ActionPrice } from '@lumigen/contract/admin';
import {
  isPriceAction,
  priceActionLabels,
  priceActions,
  type PriceAction,
  type PriceTable,
} from '@lumigen/contract/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Listen } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './prices.repository.ts';

/** Announced by the database on every committed change to `action_prices` (migration 0023). */
export const pricesChannel = 'lumigen_prices';

/** How often the table is read again when this process could not LISTEN (a backstop, not the path). */
const pollMs = 5_000;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The credit price of each paid action (docs/decisions/056). Prices are read from the database
 * into this process once, then again whenever any process commits a change (LISTEN/NOTIFY, as
 * the job watch does: decision 047), so `current()` answers without a statement on the paid path.
 * A job's price is fixed by its reservation when it is accepted: a later change never reaches it.
 */
export function createPriceStore({
  db,
  listen,
  defaults,
  log,
}: {
  db: Db;
  listen?: Listen | undefined;
  /** The starting price of each action, written for any action the database holds none of. */
  defaults: PriceTable;
  log: FastifyBaseLogger;
}) {
  let table: PriceTable = { ...defaults };
  let rows: repo.PriceRow[] = [];
  // Reads may overlap (a notification during a read): only the latest started one is kept.
  let started = 0;
  let applied = 0;
  let subscription: { close(): Promise<void> } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function reload(): Promise<void> {
    const ticket = ++started;
    const found = await repo.readPrices(db);
    if (ticket < applied) return;
    applied = ticket;
    const next = { ...defaults };
    for (const row of found) if (isPriceAction(row.action)) next[row.action] = row.credits;
    table = next;
    rows = found;
  }

  const reloadQuietly = () => {
    reload().catch((error: unknown) => log.warn({ err: error }, 'could not read the action prices again'));
  };

  return {
    /** Seeds the missing actions, reads every price, and hears of changes made by any process. */
    async start(): Promise<void> {
      await repo.seedPrices(db, defaults);
      await reload();
      if (listen) {
        try {
          // A change announced while the subscription was being made again was missed: read anew.
          subscription = await listen(pricesChannel, reloadQuietly, reloadQuietly);
          if (stopped) await subscription.close();
          return;
        } catch (error) {
          log.warn({ err: error }, `could not listen for price changes; prices are read every ${pollMs / 1000} s`);
        }
      }
      timer = setInterval(reloadQuietly, pollMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      // The database may be gone already (closed first, or lost): nothing is left to unsubscribe from.
      await subscription?.close().catch(() => undefined);
    },

    /** Every action's price now, in credits. */
    current(): PriceTable {
      return table;
    },

    /** The console's list: each action with its price and when an operator last changed it. */
    list(): ActionPrice[] {
      const changed = new Map(rows.map((row) => [row.action, iso(row.updated_at)]));
      return priceActions.map((action) => ({
        action,
        label: priceActionLabels[action],
        credits: table[action],
        updatedAt: changed.get(action) ?? null,
      }));
    },

    /**
     * Sets `action`'s price inside the caller's transaction (which writes its audit row beside it);
     * the price before and the listing after. Call `refresh` once the transaction committed.
     */
    async set(
      tx: Executor,
      action: PriceAction,
      credits: number,
      adminId: string,
    ): Promise<{ before: number; price: ActionPrice }> {
      const changed = await repo.updatePrice(tx, action, credits, adminId);
      if (!changed) throw new AppError('not_found', `No price is stored for ${action}.`);
      return {
        before: changed.before,
        price: {
          action,
          label: priceActionLabels[action],
          credits: changed.after.credits,
          updatedAt: iso(changed.after.updated_at),
        },
      };
    },

    /** Reads the prices now: this process's own change is in effect here when it returns. */
    refresh: reload,
  };
}

export type PriceStore = ReturnType<typeof createPriceStore>;
