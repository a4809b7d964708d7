import { z } from 'zod';
import { passwordLimits } from './accounts.ts';
import { sessionSummary, userRole } from './account-schemas.ts';
import { apiKeySummary } from './api-key-schemas.ts';
import { ledgerEntry } from './credit-schemas.ts';
import { paymentStatuses } from './payments.ts';
import type { Answer } from './routes.ts';
import { pagedAnswer, secret, text } from './fields.ts';
import {
  adminJobsResponse,
  adminOverviewResponse,
  adminPaymentsResponse,
  adminProvidersResponse,
} from './admin-reports.ts';
import { maxActionCredits, priceActions } from './pricing.ts';

/** A change needs the operator's password typed again within this long. */
export const adminConfirmTtlMs = 15 * 60_000;

export const adminReasonLimits = { min: 3, max: 500 } as const;
/** Every change says why, in the operator's words; the audit log keeps it. */
export const adminReason = text('Reason', adminReasonLimits);

export const adminConfirmRequest = z.strictObject({
  password: secret('Password', { min: 1, max: passwordLimits.max }),
});
export type AdminConfirmRequest = z.infer<typeof adminConfirmRequest>;

export const adminConfirmResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Until when changes are allowed without typing the password again (ISO 8601). */
  confirmedUntil: z.string(),
});
export type AdminConfirmResponse = z.infer<typeof adminConfirmResponse>;

export const adminActionsQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'Cursor is not valid: use the nextCursor of the previous page')
    .optional(),
});
export type AdminActionsQuery = z.infer<typeof adminActionsQuery>;

/** One row of the audit log: who changed what, to whom, why, and the state before and after. */
export const adminAction = z.object({
  id: z.string(),
  createdAt: z.string(),
  adminId: z.string(),
  /** The operator's address now (null once that account is gone). */
  adminEmail: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AdminAction = z.infer<typeof adminAction>;

export const adminActionsPageSize = 50;

/** Newest first; `nextCursor` asks for the older page, null on the last one. */
export const adminActionsResponse = pagedAnswer('actions', adminAction);
export type AdminActionsResponse = z.infer<typeof adminActionsResponse>;

export const adminUsersQuery = z.strictObject({
  q: z.string().trim().max(254, 'Search must be at most 254 characters').optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRole,
  creditBalance: z.number().int(),
  creditsOwed: z.number().int(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUsersPageSize = 50;

/** Newest accounts first; with `q`, those whose address, name or id matches. */
export const adminUsersResponse = z.object({ success: z.literal(true), users: z.array(adminUserSummary) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const adminUserParams = z.strictObject({ id: z.uuid('Not a customer id') });

export const adminCreditsLimit = 100_000;
export const adminCreditsRequest = z.strictObject({
  delta: z
    .number({ error: 'Credits must be a number' })
    .int('Credits must be a whole number')
    .min(-adminCreditsLimit, `Credits must be between -${adminCreditsLimit} and ${adminCreditsLimit}`)
    .max(adminCreditsLimit, `Credits must be between -${adminCreditsLimit} and ${adminCreditsLimit}`)
    .refine((delta) => delta !== 0, 'Credits must not be 0'),
  reason: adminReason,
});
export type AdminCreditsRequest = z.infer<typeof adminCreditsRequest>;

export const adminPurchase = z.object({
  id: z.string(),
  createdAt: z.string(),
  bundle: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  status: z.enum(paymentStatuses),
  provider: z.string(),
  providerPaymentId: z.string(),
  /** Credits a refund or dispute took back, and of those the ones already spent (owed). */
  reversedCredits: z.number().int(),
  shortfallCredits: z.number().int(),
  receiptUrl: z.string().nullable(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;

/** One provider call of a job, as decision 050 records it. */
export const adminProviderAttempt = z.object({
  seq: z.number().int(),
  provider: z.string(),
  endpoint: z.string(),
  status: z.number().int().nullable(),
  ms: z.number().int(),
  outcome: z.string(),
  costUsd: z.number().nullable(),
});

export const adminJob = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
  attempts: z.array(adminProviderAttempt),
});
export type AdminJob = z.infer<typeof adminJob>;

export const adminImage = z.object({
  id: z.string(),
  kind: z.string(),
  prompt: z.string().nullable(),
  provider: z.string(),
  createdAt: z.string(),
});

/** The newest of each list; the customer's own pages hold the rest. */
export const adminUserDetailLimit = 50;

/** One customer's page: the account, its money, its work, its ways in, and what operators did to it. */
export const adminUserResponse = z.object({
  success: z.literal(true),
  user: adminUserSummary,
  ledger: z.array(ledgerEntry),
  purchases: z.array(adminPurchase),
  jobs: z.array(adminJob),
  images: z.array(adminImage),
  sessions: z.array(sessionSummary.omit({ current: true })),
  apiKeys: z.array(apiKeySummary),
  actions: z.array(adminAction),
});
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

/** Changes whose body is only the reason. */
export const adminReasonRequest = z.strictObject({ reason: adminReason });
export type AdminReasonRequest = z.infer<typeof adminReasonRequest>;

export const adminUserItemParams = z.strictObject({
  id: z.uuid('Not a customer id'),
  itemId: z.uuid('Not an id'),
});

/** What every audited change answers: its audit row, and the balance when money moved. */
export const adminChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  actionId: z.string(),
  creditBalance: z.number().int().optional(),
});
export type AdminChangeResponse = z.infer<typeof adminChangeResponse>;

export const adminJobParams = z.strictObject({ id: z.uuid('Not a job id') });

/** Runs a failed job again for its customer: charged through the usual reservation, or free. */
export const adminJobRetryRequest = z.strictObject({
  charge: z.boolean({ error: 'Charge must be true or false' }),
  reason: adminReason,
});
export type AdminJobRetryRequest = z.infer<typeof adminJobRetryRequest>;

/** The audit row, the new job, and the customer's balance after its reservation. */
export const adminJobRetryResponse = adminChangeResponse.extend({ jobId: z.string() });
export type AdminJobRetryResponse = z.infer<typeof adminJobRetryResponse>;

/** One action's price as the console lists it, and when an operator last changed it (null: never). */
export const actionPrice = z.object({
  action: z.enum(priceActions),
  label: z.string(),
  credits: z.number().int().min(0),
  updatedAt: z.string().nullable(),
});
export type ActionPrice = z.infer<typeof actionPrice>;

export const adminPricesResponse = z.object({ success: z.literal(true), prices: z.array(actionPrice) });
export type AdminPricesResponse = z.infer<typeof adminPricesResponse>;

export const adminPriceParams = z.strictObject({
  action: z.enum(priceActions, { error: `Action must be one of: ${priceActions.join(', ')}` }),
});

/** A new price (docs/decisions/056): a whole number of credits in 0…maxActionCredits, and why. */
export const adminPriceRequest = z.strictObject({
  credits: z
    .number({ error: 'Credits must be a number' })
    .int('Credits must be a whole number')
    .min(0, `Credits must be between 0 and ${maxActionCredits}`)
    .max(maxActionCredits, `Credits must be between 0 and ${maxActionCredits}`),
  reason: adminReason,
});
export type AdminPriceRequest = z.infer<typeof adminPriceRequest>;

/** A price change's answer: its audit row, and the price as the console now lists it. */
export const adminPriceResponse = adminChangeResponse.extend({ price: actionPrice });
export type AdminPriceResponse = z.infer<typeof adminPriceResponse>;

/**
 * The operator's routes, in the same form as `apiRoutes` (routes.ts), which takes them in. Kept
 * apart so that the public API reference leaves them out, and so that the access test walks every
 * one: a route added here is held to the admin guard with no more work.
 */
export const adminRoutes = {
  'POST /api/admin/confirm': { 200: { json: adminConfirmResponse } },
  'GET /api/admin/actions': { 200: { json: adminActionsResponse } },
  'GET /api/admin/users': { 200: { json: adminUsersResponse } },
  'GET /api/admin/users/:id': { 200: { json: adminUserResponse } },
  'POST /api/admin/users/:id/credits': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/suspend': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/unsuspend': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/sessions/:itemId/revoke': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/keys/:itemId/revoke': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/resend-confirmation': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/forgive-shortfall': { 200: { json: adminChangeResponse } },
  'POST /api/admin/users/:id/delete': { 200: { json: adminChangeResponse } },
  'GET /api/admin/payments': { 200: { json: adminPaymentsResponse } },
  'GET /api/admin/jobs': { 200: { json: adminJobsResponse } },
  'POST /api/admin/jobs/:id/retry': { 200: { json: adminJobRetryResponse } },
  'GET /api/admin/providers': { 200: { json: adminProvidersResponse } },
  'GET /api/admin/overview': { 200: { json: adminOverviewResponse } },
  'GET /api/admin/prices': { 200: { json: adminPricesResponse } },
  'PUT /api/admin/prices/:action': { 200: { json: adminPriceResponse } },
} as const satisfies Record<string, Partial<Record<number, Answer>>>;

export type AdminRoute = keyof typeof adminRoutes;

/** Routes an admin reaches without a recent password confirmation: reads, and the confirmation itself. */
export const isAdminChange = (route: string): boolean =>
  !route.startsWith('GET ') && route !== 'POST /api/admin/confirm';
