import { z } from 'zod';
import { apiKeyNameLimit, apiKeyPrefix, apiKeyScopes, maxDailyCreditCap } from './api-keys.ts';
import { text } from './fields.ts';

export const createApiKeyRequest = z.strictObject({
  name: text('Name', { max: apiKeyNameLimit }),
  /** Absent: every scope. */
  scopes: z
    .array(z.enum(apiKeyScopes, { error: `Scopes must be among ${apiKeyScopes.join(', ')}` }), {
      error: 'Scopes must be a list',
    })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => apiKeyScopes.filter((scope) => scopes.includes(scope)))
    .optional(),
  /** Credits this key may spend per UTC day; absent or null: no cap beyond the balance. */
  dailyCreditCap: z
    .number({ error: 'Daily credit cap must be a number' })
    .int('Daily credit cap must be a whole number')
    .min(1, 'Daily credit cap must be at least 1')
    .max(maxDailyCreditCap, `Daily credit cap must be at most ${maxDailyCreditCap}`)
    .nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** The key itself is in this answer only: it is not stored, only its hash. */
export const createApiKeyResponse = z.object({
  success: z.literal(true),
  id: z.uuid(),
  key: z.string().startsWith(apiKeyPrefix),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;

export const apiKeySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`lk_` and 8 more), to tell keys apart. */
  prefix: z.string().startsWith(apiKeyPrefix),
  scopes: z.array(z.enum(apiKeyScopes)),
  dailyCreditCap: z.number().int().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Credits reserved or spent with this key since 00:00 UTC, refunds taken off. */
  spentToday: z.number().int(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** The account's keys that are not revoked, newest first. */
export const apiKeysResponse = z.object({ success: z.literal(true), keys: z.array(apiKeySummary) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

export const apiKeyIdParams = z.strictObject({ id: z.string().max(100) });

export const revokeApiKeyResponse = z.object({ success: z.literal(true), message: z.string() });
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponse>;
