import { changePasswordRequest, deleteAccountRequest } from '@lumigen/contract/account-schemas';
import { createApiKeyRequest } from '@lumigen/contract/api-key-schemas';
import { apiKeyScopes, maxDailyCreditCap } from '@lumigen/contract/api-keys';
import { messages } from '@lumigen/contract/messages';
import { z } from 'zod';

// The profile forms' own schemas, in a module of their own: the profile loads it (and zod) with a
// form's first check, not at start-up (lib/form-resolver.ts).

// The server's schema plus the rule only the form knows: the new password typed twice alike.
export const passwordForm = changePasswordRequest
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDiffer });
export type PasswordForm = z.input<typeof passwordForm>;

// The cap is typed as text: empty means "no cap".
export const keyForm = z.object({
  name: createApiKeyRequest.shape.name,
  scopes: z.array(z.enum(apiKeyScopes)).min(1, 'Choose at least one scope'),
  dailyCreditCap: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= maxDailyCreditCap),
      `Enter a whole number from 1 to ${maxDailyCreditCap}, or leave it empty`,
    ),
});
export type KeyForm = z.input<typeof keyForm>;

// The password proves it is the owner; the box, that they mean it.
export const deleteForm = deleteAccountRequest.extend({
  understood: z.boolean().refine((ticked) => ticked, 'Tick the box to confirm that you want to delete your account'),
});
export type DeleteForm = z.input<typeof deleteForm>;
