import { sessionTtlMs, type LoginRequest, type PublicUser, type RegisterRequest } from '@lumigen/contract/accounts';
import { signupBonusCredits } from '@lumigen/contract/pricing';
import { messages } from '@lumigen/contract/messages';
import type { Db } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { batchByKey } from '../../lib/batch-by-key.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import * as repo from './accounts.repository.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { hashToken, isWellFormedToken, newSessionToken } from './tokens.ts';

export type SignedIn = { token: string; user: PublicUser };

export function createAccountsService(db: Db, credits: CreditsService) {
  const findSession = batchByKey(repo.prepareFindSessions(db));

  async function openSession(userId: string, remember: boolean): Promise<string> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + (remember ? sessionTtlMs.remember : sessionTtlMs.short));
    await repo.insertSession(db, { userId, tokenHash: hashToken(token), remember, expiresAt });
    return token;
  }

  return {
    /** Creates the user and grants the sign-up bonus in one transaction; 409 for a taken e-mail. */
    async register(input: RegisterRequest): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      let user: PublicUser;
      try {
        user = await db.transaction(async (tx) => {
          const row = await repo.insertUser(tx, { name: input.name, email: input.email, passwordHash });
          const { balance } = await credits.grant(row.id, signupBonusCredits, 'signup_bonus', row.id, tx);
          return { id: row.id, name: row.name, email: row.email, creditBalance: balance };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', messages.emailTaken);
        throw error;
      }
      return { token: await openSession(user.id, false), user };
    },

    async login(input: LoginRequest): Promise<SignedIn> {
      const row = await repo.findUserByEmail(db, input.email);
      const valid = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (!row || !valid) throw new AppError('unauthorized', messages.invalidCredentials);
      const token = await openSession(row.id, input.remember ?? false);
      return { token, user: { id: row.id, name: row.name, email: row.email, creditBalance: row.creditBalance } };
    },

    /** The live session behind a token, or undefined for anything absent, expired or revoked. */
    async authenticate(token: string): Promise<repo.SessionUser | undefined> {
      if (!isWellFormedToken(token)) return undefined;
      return findSession(hashToken(token));
    },

    logout(sessionId: string): Promise<void> {
      return repo.revokeSession(db, sessionId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
