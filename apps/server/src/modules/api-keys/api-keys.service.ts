import { randomBytes } from 'node:crypto';
import {
  apiKeyPrefix,
  apiKeyScopes,
  apiKeyShownLength,
  maxApiKeysPerUser,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreateApiKeyRequest,
} from '@lumigen/contract/api-keys';
import { messages } from '@lumigen/contract/messages';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { oncePerInterval } from '../../lib/once-per-interval.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { CreditsService, KeyCharge } from '../credits/index.ts';
import { apiKeyCreatedMail, type Mailer } from '../mail/index.ts';
import * as repo from './api-keys.repository.ts';

/** `lk_` and 32 random bytes in base64url: anything else is refused without a lookup. */
const wellFormedKey = /^lk_[A-Za-z0-9_-]{43}$/;

/** A key, not a session token (43 characters, which may well begin with `lk_` by chance). */
export const isApiKeyShaped = (value: string) => wellFormedKey.test(value);

/** The key a request was authenticated with: whose it is, what it may do, how much it may spend. */
export type ApiKeyCaller = KeyCharge & { scopes: ApiKeyScope[] };

/** Why a key opened nothing: not sent, not ours, revoked, or without the scope the call needs. */
export class ApiKeyRefused extends AppError {
  readonly reason: 'missing' | 'invalid' | 'revoked' | 'suspended' | 'scope';
  constructor(reason: ApiKeyRefused['reason'], scope?: ApiKeyScope) {
    const message =
      reason === 'missing'
        ? messages.apiKey.missing
        : reason === 'invalid'
          ? messages.apiKey.invalid
          : reason === 'revoked'
            ? messages.apiKey.revoked
            : reason === 'suspended'
              ? messages.apiKey.suspended
              : messages.apiKey.missingScope(scope ?? '');
    super(reason === 'scope' ? 'forbidden' : 'unauthorized', message);
    this.reason = reason;
  }
}

/**
 * Developer API keys (docs/decisions/027): made, listed and revoked by their owner's
 * session; checked on every drop-in call. Only the SHA-256 of a key is stored.
 */
export function createApiKeysService(
  db: Db,
  credits: CreditsService,
  { mailer, publicOrigin }: { mailer: Pick<Mailer, 'deliver'>; publicOrigin: string },
) {
  // lastUsedAt is written at most once a minute per key (as sessions are), off the request's path.
  const due = oncePerInterval(60_000);
  function touch(keyId: string, log: { warn(obj: object, msg: string): void }) {
    if (!due(keyId)) return;
    repo.touchKey(db, keyId).catch((error: unknown) => log.warn({ err: error }, 'could not record API key use'));
  }

  return {
    /**
     * Makes a key and answers it once: only its hash and its first characters are kept. Only an
     * account whose address is confirmed may make one (someone who registered another person's
     * address must not leave a key behind), and the owner is mailed about it.
     */
    async create(
      userId: string,
      input: CreateApiKeyRequest & { scopes?: ApiKeyScope[] },
    ): Promise<{ id: string; key: string }> {
      const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
      const scopes = input.scopes ?? [...apiKeyScopes];
      const dailyCreditCap = input.dailyCreditCap ?? null;
      const { id, owner } = await db.transaction(async (tx) => {
        // Serialises this user's creations, so two at once cannot both pass the limit.
        const owner = await repo.lockOwner(tx, userId);
        if (!owner) throw new AppError('unauthorized', messages.unauthorized);
        if (!owner.emailVerified) throw new AppError('forbidden', messages.apiKey.addressUnconfirmed);
        if ((await repo.countActiveKeys(tx, userId)) >= maxApiKeysPerUser)
          throw new AppError('conflict', messages.apiKey.tooMany(maxApiKeysPerUser));
        const id = await repo.insertApiKey(tx, {
          userId,
          name: input.name,
          prefix: key.slice(0, apiKeyShownLength),
          keyHash: hashToken(key),
          scopes,
          dailyCreditCap,
        });
        return { id, owner };
      });
      mailer.deliver(
        apiKeyCreatedMail({
          to: owner.email,
          name: owner.name,
          keyName: input.name,
          scopes,
          dailyCreditCap,
          link: `${publicOrigin}/profile#developers`,
        }),
      );
      return { id, key };
    },

    async list(userId: string): Promise<ApiKeySummary[]> {
      const found = await repo.listActiveKeys(db, userId);
      const spent = await credits.spentToday(found.map((row) => row.id));
      return found.map((row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes as ApiKeyScope[],
        dailyCreditCap: row.dailyCreditCap,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        spentToday: spent.get(row.id) ?? 0,
      }));
    },

    /** False when the user has no such active key: another user's key reads as missing. */
    revoke(userId: string, keyId: string): Promise<boolean> {
      return isUuid(keyId) ? repo.revokeOwnKey(db, userId, keyId) : Promise.resolve(false);
    },

    /** The key's owner and rights, or why it opens nothing (`ApiKeyRefused`); records its use. */
    async authenticate(
      key: string | undefined,
      scope: ApiKeyScope,
      log: { warn(obj: object, msg: string): void },
    ): Promise<ApiKeyCaller> {
      if (!key) throw new ApiKeyRefused('missing');
      const found = isApiKeyShaped(key) ? await repo.findKeyByHash(db, hashToken(key)) : undefined;
      if (!found) throw new ApiKeyRefused('invalid');
      if (found.revoked) throw new ApiKeyRefused('revoked');
      if (found.suspended) throw new ApiKeyRefused('suspended');
      if (!found.scopes.includes(scope)) throw new ApiKeyRefused('scope', scope);
      touch(found.id, log);
      return { id: found.id, userId: found.userId, scopes: found.scopes, dailyCreditCap: found.dailyCreditCap };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
