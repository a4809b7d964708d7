import { actionLabels, type LedgerEntry } from '@lumigen/contract/credits';
import { messages } from '@lumigen/contract/messages';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import type { CreditMetrics } from '../metrics/index.ts';
import * as repo from './credits.repository.ts';

/** Ledger reasons; a (reason, ref) pair is recorded at most once. */
export type GrantReason = 'signup_bonus' | 'purchase' | 'adjustment';

const actionLabel = (purpose: string | null) => (purpose ? (actionLabels[purpose] ?? purpose) : 'Paid action');

/** A ledger row in the words the profile page shows. */
function describe(row: repo.LedgerRow): string {
  switch (row.reason) {
    case 'signup_bonus':
      return 'Sign-up bonus';
    case 'purchase':
      return row.bundle ? `Bought ${row.bundle} · ${row.credits} credits` : `Bought ${row.delta} credits`;
    case 'shortfall_settled':
      return 'Owed credits settled from this purchase';
    case 'purchase_reversed':
      return row.ref.startsWith('du_')
        ? 'Purchase disputed — credits taken back'
        : 'Purchase refunded — credits taken back';
    case 'reservation':
      return actionLabel(row.purpose);
    case 'refund':
      return `Refund — ${actionLabel(row.purpose).toLowerCase()} failed`;
    case 'spend':
      return row.purpose ? actionLabel(row.purpose) : 'Credit used';
    default:
      return 'Adjustment';
  }
}

export type Reservation = { reservationId: string; balance: number };
/** The API key an action is charged with: named on the ledger, held to its daily cap. */
export type KeyCharge = { id: string; userId: string; dailyCreditCap: number | null };

/**
 * The only way credit balances change (docs/architecture.md §2). Every method appends ledger rows in the
 * same statement as the balance change, so `sum(delta)` always equals the balance. Each change is
 * counted in `metrics` once its statement succeeded (a service built outside an app counts nowhere).
 */
export function createCreditsService(
  db: Db,
  metrics?: CreditMetrics,
  { unusableRefundsPerDay = 10, publicOrigin = '' }: { unusableRefundsPerDay?: number; publicOrigin?: string } = {},
) {
  async function balanceOf(userId: string, ex: Executor = db): Promise<number> {
    return (await repo.findBalance(ex, userId)) ?? 0;
  }

  /** The 402 for a balance short of `needed`: both numbers in the text and the body, and where to buy. */
  function shortOfCredit(needed: number, balance: number): AppError {
    return new AppError(
      'insufficient_credit',
      messages.insufficientCredit(needed, balance, `${publicOrigin}/pricing`),
      {
        extra: { creditBalance: balance, creditsNeeded: needed },
      },
    );
  }

  // Read through the caller's executor: on PGlite a query beside an open transaction waits for it.
  async function insufficient(userId: string, needed: number, ex: Executor): Promise<never> {
    const pausedUntil = await repo.findPausedUntil(ex, userId);
    if (pausedUntil) {
      metrics?.refusedUnusableBudget.inc();
      const seconds = Math.max(1, Math.ceil((pausedUntil.getTime() - Date.now()) / 1000));
      throw new AppError('rate_limited', messages.unusableBudgetSpent(unusableRefundsPerDay), {
        headers: { 'retry-after': String(seconds) },
      });
    }
    const owed = await repo.findOwed(ex, userId);
    const balance = await balanceOf(userId, ex);
    if (owed > 0)
      throw new AppError('insufficient_credit', messages.shortfallOwed(owed), { extra: { creditBalance: balance } });
    throw shortOfCredit(needed, balance);
  }

  async function checkKeyCap(apiKey: KeyCharge, cost: number, ex: Executor): Promise<void> {
    if (apiKey.dailyCreditCap == null) return;
    const spent = (await repo.findSpentToday(ex, [apiKey.id])).get(apiKey.id) ?? 0;
    if (spent + cost > apiKey.dailyCreditCap) {
      throw new AppError('insufficient_credit', messages.apiKey.capReached(apiKey.dailyCreditCap), {
        extra: { creditBalance: await balanceOf(apiKey.userId, ex) },
      });
    }
  }

  return {
    balanceOf,
    checkKeyCap,
    shortOfCredit,

    /** Each key's credits spent since 00:00 UTC (reserved or spent, less refunds). */
    spentToday(apiKeyIds: string[]): Promise<Map<string, number>> {
      return repo.findSpentToday(db, apiKeyIds);
    },

    /**
     * Adds credits once per (reason, ref). A repeat is "already processed": nothing changes and
     * `granted` is false, so webhooks and redirects may both call it safely.
     */
    async grant(userId: string, amount: number, reason: GrantReason, ref: string, ex: Executor = db) {
      try {
        const balance = await repo.addCredits(ex, userId, amount, reason, ref);
        if (balance === null) throw new AppError('not_found', messages.notFound);
        metrics?.granted.inc({ reason }, amount);
        return { granted: true, balance };
      } catch (error) {
        // Inside a caller's transaction the failed statement has aborted it: let the caller see it.
        if (ex !== db || !isUniqueViolation(error)) throw error;
        return { granted: false, balance: await balanceOf(userId) };
      }
    },

    /**
     * An operator's grant (`delta` > 0) or withdrawal (< 0), ledger reason `adjustment` with `ref`
     * naming the operator; 409 rather than a balance below zero. Run it in the transaction that
     * records the operator's action.
     */
    async adjust(userId: string, delta: number, ref: string, ex: Executor = db): Promise<number> {
      const balance = await repo.adjustCredits(ex, userId, delta, ref);
      if (balance === null) {
        const current = await repo.findBalance(ex, userId);
        if (current === null) throw new AppError('not_found', messages.notFound);
        throw new AppError('conflict', messages.admin.creditsBelowZero(current), { extra: { creditBalance: current } });
      }
      if (delta > 0) metrics?.granted.inc({ reason: 'adjustment' }, delta);
      return balance;
    },

    /**
     * Takes back up to `amount` credits of a reversed purchase (a refund or dispute, once per its
     * `ref`), never below zero: `taken` says how many the balance still held. A repeat of the same
     * ref is `duplicate` and changes nothing.
     */
    async takeBack(
      userId: string,
      amount: number,
      ref: string,
      ex: Executor = db,
    ): Promise<{ taken: number; balance: number; duplicate: boolean }> {
      try {
        const result = await repo.takeUpTo(ex, userId, amount, 'purchase_reversed', ref);
        if (!result) throw new AppError('not_found', messages.notFound);
        metrics?.reversed.inc(result.taken);
        return { ...result, duplicate: false };
      } catch (error) {
        // Inside a caller's transaction the failed statement has aborted it: let the caller see it.
        if (ex !== db || !isUniqueViolation(error)) throw error;
        return { taken: 0, balance: await balanceOf(userId), duplicate: true };
      }
    },

    /**
     * Records credits a reversal could not take back: until they are paid, paid work is refused
     * (402 naming the amount) and the next purchase pays them first (`settleOwed`).
     */
    recordShortfall(userId: string, amount: number, ex: Executor = db): Promise<void> {
      return amount > 0 ? repo.addOwed(ex, userId, amount) : Promise.resolve();
    },

    /**
     * An operator forgives what the account owes: paid work opens again, the balance does not move
     * (owed credits were never on it). Answers what was owed.
     */
    forgiveOwed(userId: string, ex: Executor = db): Promise<number> {
      return repo.forgiveOwed(ex, userId);
    },

    /** Pays what is owed from a purchase just granted (`ref`: its payment), up to its credits; what was paid. */
    settleOwed(userId: string, purchased: number, ref: string, ex: Executor = db): Promise<number> {
      return repo.settleOwed(ex, userId, purchased, ref);
    },

    /**
     * Counts a refund of unusable output against the account's daily budget: past it, paid work
     * is refused until 00:00 UTC (the provider is paid for every try, the user for none).
     */
    countUnusableRefund(userId: string): Promise<number> {
      return repo.countUnusableRefund(db, userId, unusableRefundsPerDay);
    },

    /** Takes `cost` now, for actions that cannot fail after payment; 402 when short. */
    async spend(userId: string, cost: number, ref: string, ex: Executor = db): Promise<number> {
      const balance = await repo.takeCredits(ex, userId, cost, 'spend', ref);
      if (balance === null) return insufficient(userId, cost, ex);
      metrics?.spent.inc(cost);
      return balance;
    },

    /**
     * Holds `cost` before calling a provider; settle with `commit` or `refund`. 402 when short.
     * `apiKey`: the key the action was asked with, named on its ledger rows; past the key's daily
     * cap, 402 and nothing held. The cap holds under concurrency only when the caller holds the
     * user's row lock (jobs.service's `submit` does), so two calls cannot both read the same total.
     */
    async reserve(
      userId: string,
      cost: number,
      purpose: string,
      ex: Executor = db,
      apiKey?: KeyCharge,
    ): Promise<Reservation> {
      if (apiKey?.dailyCreditCap != null) await checkKeyCap(apiKey, cost, ex);
      const reservation = await repo.insertReservation(ex, userId, cost, purpose, apiKey?.id ?? null);
      if (!reservation) return insufficient(userId, cost, ex);
      metrics?.spent.inc(cost);
      return reservation;
    },

    /**
     * Charges again, once, what a reservation the sweep refunded held: its own amount, not today's
     * price (docs/decisions/056). 402 when short.
     */
    async chargeReservationAgain(userId: string, reservationId: string, ex: Executor = db): Promise<number> {
      const cost = await repo.findReservationCost(ex, reservationId);
      if (cost === null) throw new Error(`reservation ${reservationId} is gone`);
      const balance = await repo.takeCredits(ex, userId, cost, 'spend', reservationId);
      if (balance === null) return insufficient(userId, cost, ex);
      metrics?.spent.inc(cost);
      return balance;
    },

    /** False when the reservation was no longer pending (the sweep refunded it meanwhile). */
    commit(reservationId: string, imageId?: string, ex: Executor = db): Promise<boolean> {
      return repo.markReservationCommitted(ex, reservationId, imageId);
    },

    /** One page of the user's ledger in words, newest first. */
    async ledger(
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ entries: LedgerEntry[]; nextCursor: string | null }> {
      const found = await repo.findLedgerPage(db, userId, cursor, limit + 1);
      const page = found.slice(0, limit);
      return {
        entries: page.map((row) => ({
          id: row.id,
          createdAt: new Date(row.created_at).toISOString(),
          description: row.key_name === null ? describe(row) : `${describe(row)} · API key “${row.key_name}”`,
          reason: row.reason,
          delta: row.delta,
          balanceAfter: row.balance_after,
          imageId: row.reason === 'reservation' || row.reason === 'spend' ? row.image_id : null,
        })),
        nextCursor: found.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** Returns the credits of a pending reservation; null when it was already settled. */
    async refund(reservationId: string, ex: Executor = db): Promise<number | null> {
      const refunded = await repo.refundReservation(ex, reservationId);
      if (refunded) metrics?.refunded.inc(refunded.cost);
      return refunded?.balance ?? null;
    },

    /** Refunds reservations a crash left pending for longer than `olderThanMs`. */
    async sweepStale(olderThanMs: number): Promise<number> {
      const cutoff = new Date(Date.now() - olderThanMs);
      let refunded = 0;
      for (;;) {
        const ids = await repo.findStaleReservationIds(db, cutoff, 100);
        for (const id of ids) {
          const done = await repo.refundReservation(db, id);
          if (!done) continue;
          metrics?.refunded.inc(done.cost);
          refunded += 1;
        }
        if (ids.length < 100) return refunded;
      }
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
