// The schemas of the account calls are in account-schemas.ts: zod stays out of the pages that need
// only these limits and lifetimes (decision 032).
export type {
  AccountActionResponse,
  AuthResponse,
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  LoginRequest,
  LogoutResponse,
  PublicUser,
  RegisterRequest,
  ResetPasswordRequest,
  ResetRequestRequest,
  ResetRequestResponse,
  SessionSummary,
  SessionsResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
  VerifyResendResponse,
} from './account-schemas.ts';

/** Who an account is to the service: only `admin` opens the operator's console (docs/decisions/054). */
export const userRoles = ['customer', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const passwordLimits = { min: 8, max: 128 } as const;
export const nameLimits = { min: 1, max: 80 } as const;
/** Session lifetimes: without "Remember me" a day, with it thirty days. */
export const sessionTtlMs = { short: 24 * 60 * 60 * 1000, remember: 30 * 24 * 60 * 60 * 1000 } as const;

/** A password reset link works once, for this long. */
export const resetTokenTtlMs = 30 * 60 * 1000;

/** An e-mail verification link works this long (several days of holidays would need a resend). */
export const verifyTokenTtlMs = 48 * 60 * 60 * 1000;

/** The files `GET /api/user/export` puts in its ZIP, besides `images/<id>.png` for every image. */
export const exportFiles = { account: 'account.json', ledger: 'ledger.csv', payments: 'payments.csv' } as const;
