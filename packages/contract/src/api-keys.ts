// The schemas of the key calls are in api-key-schemas.ts: zod stays out of the pages that need only
// these scopes, labels and limits (decision 032).
export type {
  ApiKeySummary,
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  RevokeApiKeyResponse,
} from './api-key-schemas.ts';

/**
 * Developer API keys (decision 027): what a key may do, how it looks, what the profile page lists.
 * Keys are managed with the session (`/api/keys`), never with a key.
 */
export const apiKeyScopes = ['generate', 'tools', 'read'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** What each scope opens, as the profile page explains it. */
export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  generate: 'Generate images (/v1/images/generations)',
  tools: 'Editing tools (/clipdrop/…)',
  read: 'Read your images, jobs and credits',
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const apiKeyPrefix = 'lk_';
/** How much of a key is kept in the clear and shown in lists: `lk_` and 8 more characters. */
export const apiKeyShownLength = 11;
export const apiKeyNameLimit = 60;
/** Active keys per account; revoke one to make another. */
export const maxApiKeysPerUser = 20;
export const maxDailyCreditCap = 100_000;
