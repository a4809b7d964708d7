import type {
  AdminJob,
  AdminJobsResponse,
  AdminOverviewDay,
  AdminOverviewResponse,
  AdminPaymentsResponse,
  AdminProvidersResponse,
} from '@lumigen/contract/admin-reports';
import { adminJobsPageSize, adminReportMessages } from '@lumigen/contract/admin-reports';
import type { JobKind } from '@lumigen/contract/jobs';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dailyFigures, figuresByDay, payingCustomersSince } from './dashboard.repository.ts';
import { openShortfalls, paymentsByDay, purchasesSince } from './money.repository.ts';
import { fillDays, reportDays } from './report-days.ts';
import { attemptsOf, jobsPage, providerStatsSince, type AdminJobRow, type JobsCursor } from './work.repository.ts';

// The bundle catalogue sells in one currency (packages/contract/src/catalogue.ts).
const catalogueCurrency = 'usd';
// A page of the money report lists at most this many payments; the days above it count them all.
const purchasesListed = 500;
const shortfallsListed = 200;

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The payment's page at its provider: Stripe's dashboard; the local test provider has none. */
export function providerPaymentUrl(provider: 'local' | 'stripe', paymentIntentId: string): string | null {
  return provider === 'stripe' ? `https://dashboard.stripe.com/payments/${encodeURIComponent(paymentIntentId)}` : null;
}

const encodeCursor = (row: Pick<AdminJobRow, 'rank' | 'created_key' | 'id'>) =>
  Buffer.from(JSON.stringify([row.rank, row.created_key, row.id])).toString('base64url');

function decodeCursor(cursor: string): JobsCursor {
  try {
    const [rank, createdKey, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (
      (rank === 0 || rank === 1) &&
      typeof createdKey === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdKey) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    )
      return { rank, createdKey, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError('bad_request', adminReportMessages.badCursor);
}

/** A failed job the operator can run again: one that needs no upload of the customer's (those are gone once it ended). */
export const canRetry = (row: Pick<AdminJobRow, 'status' | 'input_keys' | 'follows_job_id'>) =>
  row.status === 'failed' && Object.keys(row.input_keys).length === 0 && row.follows_job_id === null;

/**
 * The operator's reports (docs/product.md, "Operator console"): money by day, jobs that need
 * attention, providers over the last day, and the overview's figures per day.
 */
export function createAdminReports({ db, stuckAfterMs }: { db: Db; stuckAfterMs: number }) {
  return {
    async payments(days: number, now = new Date()): Promise<AdminPaymentsResponse> {
      const period = reportDays(days, now);
      const [byDay, purchases, shortfalls] = await Promise.all([
        paymentsByDay(db, period.since),
        purchasesSince(db, period.since, purchasesListed),
        openShortfalls(db, shortfallsListed),
      ]);
      return {
        success: true,
        currency: catalogueCurrency,
        days: fillDays(period.days, byDay, {
          purchases: 0,
          amountCents: 0,
          credits: 0,
          refunds: 0,
          disputes: 0,
          reversedCredits: 0,
        }),
        purchases: purchases.map((row) => ({
          id: row.id,
          createdAt: iso(row.created_at)!,
          userId: row.user_id,
          userEmail: row.user_email,
          bundle: row.bundle,
          amountCents: row.amount_cents,
          currency: row.currency,
          credits: row.credits,
          status: row.status,
          provider: row.provider,
          providerPaymentId: row.provider_payment_id,
          providerUrl: providerPaymentUrl(row.provider, row.provider_payment_id),
          creditedAt: iso(row.credited_at),
          reversedCredits: row.reversed_credits,
          shortfallCredits: row.shortfall_credits,
        })),
        shortfalls: shortfalls.map((row) => ({
          userId: row.user_id,
          userEmail: row.user_email,
          creditsOwed: row.credits_owed,
        })),
      };
    },

    async jobs(
      { status, cursor }: { status?: string | undefined; cursor?: string | undefined },
      now = new Date(),
    ): Promise<AdminJobsResponse> {
      const found = await jobsPage(db, {
        status,
        stuckBefore: new Date(now.getTime() - stuckAfterMs),
        cursor: cursor === undefined ? undefined : decodeCursor(cursor),
        limit: adminJobsPageSize + 1,
      });
      const page = found.slice(0, adminJobsPageSize);
      const attempts = await attemptsOf(
        db,
        page.map((row) => row.id),
      );
      const jobs: AdminJob[] = page.map((row) => ({
        id: row.id,
        userId: row.user_id,
        userEmail: row.user_email,
        kind: row.kind as JobKind,
        status: row.status,
        stuck: row.stuck,
        charged: row.reservation_id !== null,
        errorCode: row.error_code,
        message: row.message,
        createdAt: iso(row.created_at)!,
        startedAt: iso(row.started_at),
        finishedAt: iso(row.finished_at),
        retryable: canRetry(row),
        attempts: attempts
          .filter((attempt) => attempt.job_id === row.id)
          .map((attempt) => ({
            provider: attempt.provider,
            endpoint: attempt.endpoint,
            status: attempt.status,
            ms: attempt.ms,
            outcome: attempt.outcome,
            costUsd: attempt.cost_usd === null ? null : Number(attempt.cost_usd),
          })),
      }));
      const last = page.at(-1);
      return { success: true, jobs, nextCursor: found.length > adminJobsPageSize && last ? encodeCursor(last) : null };
    },

    async providers(now = new Date()): Promise<AdminProvidersResponse> {
      const since = new Date(now.getTime() - 86_400_000);
      const found = await providerStatsSince(db, since);
      return {
        success: true,
        since: since.toISOString(),
        providers: found.map((row) => ({
          provider: row.provider,
          requests: row.requests,
          errors: row.errors,
          errorRate: row.requests === 0 ? 0 : row.errors / row.requests,
          medianMs: Number(row.median_ms),
          costUsd: Number(row.cost_usd),
        })),
      };
    },

    async overview(days: number, now = new Date()): Promise<AdminOverviewResponse> {
      const period = reportDays(days, now);
      const [figures, paying] = await Promise.all([
        figuresByDay(db, period.since),
        payingCustomersSince(db, period.since),
      ]);
      const byDay = new Map<string, Record<string, number>>();
      for (const { figure, day, value } of figures) {
        const row = byDay.get(day) ?? {};
        row[figure] = value;
        byDay.set(day, row);
      }
      const rows: AdminOverviewDay[] = period.days.map((day) => {
        const found = byDay.get(day) ?? {};
        const value = (figure: (typeof dailyFigures)[number]) => found[figure] ?? 0;
        const revenueCents = Math.round(value('revenueCents'));
        const providerCostCents = Math.round(value('providerCostUsd') * 100);
        return {
          day,
          signups: value('signups'),
          confirmed: value('confirmed'),
          payingCustomers: value('payingCustomers'),
          creditsSold: value('creditsSold'),
          creditsSpent: value('creditsSpent'),
          revenueCents,
          providerCostCents,
          marginCents: revenueCents - providerCostCents,
          refunds: value('refunds'),
          disputes: value('disputes'),
        };
      });
      const sum = (key: Exclude<keyof AdminOverviewDay, 'day'>) => rows.reduce((total, row) => total + row[key], 0);
      return {
        success: true,
        currency: catalogueCurrency,
        days: rows,
        totals: {
          signups: sum('signups'),
          confirmed: sum('confirmed'),
          payingCustomers: paying,
          creditsSold: sum('creditsSold'),
          creditsSpent: sum('creditsSpent'),
          revenueCents: sum('revenueCents'),
          providerCostCents: sum('providerCostCents'),
          marginCents: sum('marginCents'),
          refunds: sum('refunds'),
          disputes: sum('disputes'),
        },
      };
    },
  };
}

export type AdminReports = ReturnType<typeof createAdminReports>;
