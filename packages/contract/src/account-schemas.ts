import { z } from 'zod';
import { nameLimits, passwordLimits, userRoles } from './accounts.ts';
import { email, secret, text } from './fields.ts';

export const registerRequest = z.strictObject({
  name: text('Name', nameLimits),
  email,
  password: secret('Password', passwordLimits),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.strictObject({
  email,
  // Login accepts any non-empty password up to the limit: older rules must not lock anyone out.
  password: secret('Password', { min: 1, max: passwordLimits.max }),
  remember: z.boolean({ error: 'Remember me must be true or false' }).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const userRole = z.enum(userRoles);

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  creditBalance: z.number().int(),
  /** False until the user opens the link mailed at sign-up (or after a change of address). */
  emailVerified: z.boolean(),
  role: userRole,
});
export type PublicUser = z.infer<typeof publicUser>;

export const authResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: publicUser,
});
export type AuthResponse = z.infer<typeof authResponse>;

export const logoutResponse = z.object({ success: z.literal(true), message: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** The tokens mailed in links: 32 random bytes, base64url. Longer input is refused unread. */
const linkToken = z
  .string({ error: (issue) => (issue.input === undefined ? 'Token is required' : 'Token must be text') })
  .trim()
  .min(1, 'Token is required')
  .max(100, 'Token must be at most 100 characters');

export const resetRequestRequest = z.strictObject({ email });
export type ResetRequestRequest = z.infer<typeof resetRequestRequest>;

/** The same answer whether or not the address has an account. */
export const resetRequestResponse = z.object({ success: z.literal(true), message: z.string() });
export type ResetRequestResponse = z.infer<typeof resetRequestResponse>;

/** Answered with `authResponse`: the user is signed in with the new password. */
export const resetPasswordRequest = z.strictObject({
  token: linkToken,
  password: secret('Password', passwordLimits),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const verifyEmailRequest = z.strictObject({ token: linkToken });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/** `creditBalance` is the balance after verification (it may carry the sign-up bonus). */
export const verifyEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  creditBalance: z.number().int(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const verifyResendResponse = z.object({ success: z.literal(true), message: z.string() });
export type VerifyResendResponse = z.infer<typeof verifyResendResponse>;

export const updateProfileRequest = z.strictObject({ name: text('Name', nameLimits) });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
export const updateProfileResponse = z.object({ success: z.literal(true), message: z.string(), user: publicUser });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

export const changePasswordRequest = z.strictObject({
  // Any stored password is accepted here, as at login; the new one follows register's rules.
  currentPassword: secret('Current password', { min: 1, max: passwordLimits.max }),
  newPassword: secret('New password', passwordLimits),
  revokeApiKeys: z.boolean({ error: 'Revoke API keys must be true or false' }).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/**
 * Signing out everywhere else; the account's API keys are revoked too unless `revokeApiKeys` is
 * false. An empty body (the specification's call) keeps that default.
 */
export const logoutOthersRequest = z
  .strictObject({ revokeApiKeys: z.boolean({ error: 'Revoke API keys must be true or false' }).optional() })
  .nullish();
export type LogoutOthersRequest = z.infer<typeof logoutOthersRequest>;

/** Answers for calls that only report what they did (change-password, logout-others). */
export const accountActionResponse = z.object({ success: z.literal(true), message: z.string() });
export type AccountActionResponse = z.infer<typeof accountActionResponse>;

export const sessionSummary = z.object({
  id: z.string(),
  /** From the user agent, e.g. "Firefox on Windows"; "Unknown device" when it says nothing. */
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionsResponse = z.object({ success: z.literal(true), sessions: z.array(sessionSummary) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;
export const sessionIdParams = z.strictObject({ id: z.string().max(100) });

/**
 * Answered with `accountActionResponse`. The address changes only when the link mailed to the new
 * one is opened (`POST /api/user/verify` takes that link's token too).
 */
export const changeEmailRequest = z.strictObject({
  email,
  password: secret('Password', { min: 1, max: passwordLimits.max }),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>;

/** Answered with `accountActionResponse`; the caller's token no longer works afterwards. */
export const deleteAccountRequest = z.strictObject({
  password: secret('Password', { min: 1, max: passwordLimits.max }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
