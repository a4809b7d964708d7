import { z } from 'zod';
import { passwordLimits } from './accounts.ts';
import { userRole } from './account-schemas.ts';
import type { Answer } from './routes.ts';
import { secret, text } from './fields.ts';
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
export const adminActionsResponse = z.object({
  success: z.literal(true),
  actions: z.array(adminAction),
  nextCursor: z.string().nullable(),
});
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

/** What every audited change answers: its audit row, and the balance when money moved. */
export const adminChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  actionId: z.string(),
  creditBalance: z.number().int().optional(),
});
export type AdminChangeResponse = z.infer<typeof adminChangeResponse>;

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
  'POST /api/admin/users/:id/credits': { 200: { json: adminChangeResponse } },
  'GET /api/admin/prices': { 200: { json: adminPricesResponse } },
  'PUT /api/admin/prices/:action': { 200: { json: adminPriceResponse } },
} as const satisfies Record<string, Partial<Record<number, Answer>>>;

export type AdminRoute = keyof typeof adminRoutes;

/** Routes an admin reaches without a recent password confirmation: reads, and the confirmation itself. */
export const isAdminChange = (route: string): boolean =>
  !route.startsWith('GET ') && route !== 'POST /api/admin/confirm';
