import {
  resetTokenTtlMs,
  sessionTtlMs,
  type LoginRequest,
  type PublicUser,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@lumigen/contract/accounts';
import { signupBonusCredits } from '@lumigen/contract/pricing';
import { messages } from '@lumigen/contract/messages';
import type { Db } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { batchByKey } from '../../lib/batch-by-key.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { passwordResetMail } from '../mail/mail-templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import * as repo from './accounts.repository.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { hashToken, isWellFormedToken, newSessionToken } from './tokens.ts';

export type SignedIn = { token: string; user: PublicUser };

export type AccountsDeps = { mailer: Mailer; publicOrigin: string };

const toPublicUser = (row: repo.UserRow): PublicUser => ({ id: row.id, name: row.name, email: row.email, creditBalance: row.creditBalance });

export function createAccountsService(db: Db, credits: CreditsService, { mailer, publicOrigin }: AccountsDeps) {
  const findSession = batchByKey(repo.prepareFindSessions(db));

  /** A link's token is checked before anything else: a malformed one is never looked up. */
  async function linkTokenError(purpose: repo.TokenPurpose, token: string, texts: { invalid: string; expired: string; used: string }): Promise<AppError> {
    const state = isWellFormedToken(token) ? await repo.tokenState(db, purpose, hashToken(token)) : 'unknown';
    return new AppError('bad_request', state === 'used' ? texts.used : state === 'expired' ? texts.expired : texts.invalid);
  }

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
      return { token, user: toPublicUser(row) };
    },

    /**
     * Mails a reset link if the address has an account; says nothing either way. The mail leaves
     * in the background, so a known address answers as fast as an unknown one.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + resetTokenTtlMs);
      const user = await repo.insertTokenForEmail(db, { email, purpose: 'password_reset', tokenHash: hashToken(token), expiresAt });
      if (!user) return;
      const link = `${publicOrigin}/reset?token=${token}`;
      mailer.deliver(passwordResetMail({ to: user.email, name: user.name, link, validMinutes: resetTokenTtlMs / 60_000 }));
    },

    /** Sets the password from a reset link, once; every session ends and a new one begins. */
    async resetPassword(input: ResetPasswordRequest): Promise<SignedIn> {
      const texts = { invalid: messages.resetLinkInvalid, expired: messages.resetLinkExpired, used: messages.resetLinkUsed };
      if (!isWellFormedToken(input.token)) throw await linkTokenError('password_reset', input.token, texts);
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const consumed = await repo.consumeToken(tx, 'password_reset', hashToken(input.token));
        if (!consumed) return undefined;
        await repo.updatePasswordHash(tx, consumed.userId, passwordHash);
        await repo.revokeSessionsOf(tx, consumed.userId);
        await repo.spendTokensOf(tx, consumed.userId, 'password_reset');
        return consumed.userId;
      });
      if (!userId) throw await linkTokenError('password_reset', input.token, texts);
      const row = await repo.findUserById(db, userId);
      if (!row) throw new AppError('bad_request', messages.resetLinkInvalid);
      return { token: await openSession(row.id, false), user: toPublicUser(row) };
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
