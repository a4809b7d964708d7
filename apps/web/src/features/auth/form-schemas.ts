import { registerRequest, resetPasswordRequest } from '@lumigen/contract/account-schemas';
import { email } from '@lumigen/contract/fields';
import { messages } from '@lumigen/contract/messages';
import { z } from 'zod';

// The auth forms' own schemas, in a module of their own: their pages load it (and zod) with the
// form's first check, not at start-up (lib/form-resolver.ts).

// The server's schema plus the one rule only the form knows: both passwords must match.
export const registerForm = registerRequest
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDiffer });
export type RegisterForm = z.input<typeof registerForm>;

// The contract's address rules, with docs/product.md §5's "Email is required" for an empty field.
export const resetForm = z.object({ email: z.string().trim().min(1, 'Email is required').pipe(email) });
export type ResetForm = z.input<typeof resetForm>;
export type ValidResetForm = z.output<typeof resetForm>;

// Registration's password rules and its one form-only rule: both passwords must match.
export const newPasswordForm = resetPasswordRequest
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDiffer });
export type NewPasswordForm = z.input<typeof newPasswordForm>;
