import { z } from 'zod';
import { pagedAnswer } from './fields.ts';
import { jobKinds, jobStatuses } from './jobs.ts';
import { paymentStatuses } from './payments.ts';

/** How many days the money and overview pages may look back. */
export const adminDaysLimits = { min: 1, max: 366, overview: 30, payments: 30 } as const;

const days = (fallback: number) =>
  z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(adminDaysLimits.min, `Days must be between ${adminDaysLimits.min} and ${adminDaysLimits.max}`)
    .max(adminDaysLimits.max, `Days must be between ${adminDaysLimits.min} and ${adminDaysLimits.max}`)
    .default(fallback);

/** A UTC calendar day, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---- Money ---------------------------------------------------------------------------------

export const adminPaymentsQuery = z.strictObject({ days: days(adminDaysLimits.payments) });
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

/** One purchase as the operator sees it: who, what, its state, and where the provider shows it. */
export const adminPurchase = z.object({
  id: z.string(),
  createdAt: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  bundle: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  status: z.enum(paymentStatuses),
  provider: z.enum(['local', 'stripe']),
  providerPaymentId: z.string(),
  /** The payment's page at the provider (Stripe's dashboard); null for the local test provider. */
  providerUrl: z.string().nullable(),
  creditedAt: z.string().nullable(),
  reversedCredits: z.number().int(),
  shortfallCredits: z.number().int(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;

/** A day's money: purchases credited that day, and payments refunded or disputed that day. */
export const adminPaymentsDay = z.object({
  day,
  purchases: z.number().int(),
  amountCents: z.number().int(),
  credits: z.number().int(),
  refunds: z.number().int(),
  disputes: z.number().int(),
  reversedCredits: z.number().int(),
});
export type AdminPaymentsDay = z.infer<typeof adminPaymentsDay>;

/** A customer who owes credits a refund or dispute could not take back. */
export const adminShortfall = z.object({
  userId: z.string(),
  userEmail: z.string(),
  creditsOwed: z.number().int(),
});
export type AdminShortfall = z.infer<typeof adminShortfall>;

export const adminPaymentsResponse = z.object({
  success: z.literal(true),
  currency: z.string(),
  /** Oldest first, one entry per UTC day of the period (zeros included). */
  days: z.array(adminPaymentsDay),
  /** Every payment started in the period, newest first. */
  purchases: z.array(adminPurchase),
  shortfalls: z.array(adminShortfall),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponse>;

// ---- Work and providers --------------------------------------------------------------------

/** A job's state for the operator: `stuck` is a queued or running job older than the reservation timeout. */
export const adminJobStatuses = [...jobStatuses, 'stuck'] as const;
export type AdminJobStatus = (typeof adminJobStatuses)[number];

export const adminJobsQuery = z.strictObject({
  status: z.enum(adminJobStatuses, { error: `Status must be one of ${adminJobStatuses.join(', ')}` }).optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Cursor is not valid: use the nextCursor of the previous page')
    .optional(),
});
export type AdminJobsQuery = z.infer<typeof adminJobsQuery>;

export const adminJobsPageSize = 50;

/** One call a job's provider chain made (the attempts table, decision 050). */
export const adminProviderAttempt = z.object({
  provider: z.string(),
  endpoint: z.string(),
  status: z.number().int().nullable(),
  ms: z.number().int(),
  outcome: z.string(),
  costUsd: z.number().nullable(),
});
export type AdminProviderAttempt = z.infer<typeof adminProviderAttempt>;

export const adminJob = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  kind: z.enum(jobKinds),
  status: z.enum(jobStatuses),
  stuck: z.boolean(),
  /** Charged: a reservation was made; free work (a local preview, a free retry) has none. */
  charged: z.boolean(),
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Whether the operator may retry it: a failed job whose inputs do not need the customer's upload again. */
  retryable: z.boolean(),
  attempts: z.array(adminProviderAttempt),
});
export type AdminJob = z.infer<typeof adminJob>;

/** Failed and stuck jobs first, then the rest, newest first within each. */
export const adminJobsResponse = pagedAnswer('jobs', adminJob);
export type AdminJobsResponse = z.infer<typeof adminJobsResponse>;

/** One provider over the last 24 hours. */
export const adminProviderStats = z.object({
  provider: z.string(),
  requests: z.number().int(),
  errors: z.number().int(),
  /** errors / requests, 0 to 1. */
  errorRate: z.number(),
  medianMs: z.number(),
  costUsd: z.number(),
});
export type AdminProviderStats = z.infer<typeof adminProviderStats>;

export const adminProvidersResponse = z.object({
  success: z.literal(true),
  since: z.string(),
  providers: z.array(adminProviderStats),
});
export type AdminProvidersResponse = z.infer<typeof adminProvidersResponse>;

// ---- The overview --------------------------------------------------------------------------

export const adminOverviewQuery = z.strictObject({ days: days(adminDaysLimits.overview) });
export type AdminOverviewQuery = z.infer<typeof adminOverviewQuery>;

/** One UTC day of the service: money in catalogue cents, provider cost in US cents. */
export const adminOverviewDay = z.object({
  day,
  signups: z.number().int(),
  confirmed: z.number().int(),
  payingCustomers: z.number().int(),
  creditsSold: z.number().int(),
  creditsSpent: z.number().int(),
  revenueCents: z.number().int(),
  providerCostCents: z.number().int(),
  marginCents: z.number().int(),
  refunds: z.number().int(),
  disputes: z.number().int(),
});
export type AdminOverviewDay = z.infer<typeof adminOverviewDay>;

export const adminOverviewResponse = z.object({
  success: z.literal(true),
  currency: z.string(),
  /** Oldest first, one per UTC day, today last. */
  days: z.array(adminOverviewDay),
  /** Sums over the period; `payingCustomers` counts each customer once. */
  totals: adminOverviewDay.omit({ day: true }),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponse>;

export const adminReportMessages = {
  badCursor: 'Cursor is not valid: use the nextCursor of the previous page',
  jobNotFound: 'No job has this id.',
  notRetryable:
    'Only a failed job that needs no upload can be retried: ask the customer to run it again with their picture.',
  customerGone: 'This customer deleted their account: their jobs cannot run again.',
  alreadyRetried: 'This job was already retried; retry the new job if it failed too.',
  retried: (charged: boolean) =>
    charged ? 'Job retried: the customer is charged as for any job.' : 'Job retried for free: nothing was reserved.',
} as const;
