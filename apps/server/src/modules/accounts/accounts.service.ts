import {
  resetTokenTtlMs,
  sessionTtlMs,
  type LoginRequest,
  type PublicUser,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SessionSummary,
  verifyTokenTtlMs,
} from '@lumigen/contract/accounts';
import { signupBonusCredits } from '@lumigen/contract/pricing';
import { messages } from '@lumigen/contract/messages';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { batchByKey } from '../../lib/batch-by-key.ts';
import { oncePerInterval } from '../../lib/once-per-interval.ts';
import type { CreditsService } from '../credits/index.ts';
import type { ImagesService } from '../images/index.ts';
import { revokeAllKeysOf } from '../api-keys/index.ts';
import {
  changeEmailMail,
  loginGuessingMail,
  type Mailer,
  passwordResetDoneMail,
  passwordResetMail,
  verifyEmailMail,
} from '../mail/index.ts';
import * as repo from './accounts.repository.ts';
import { deviceName } from './device-name.ts';
import { bonusClaimHash, isDisposableEmail } from './email-identity.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { hashToken, isWellFormedToken, newSessionToken } from '../../lib/tokens.ts';
import { deleteEntriesOfUser } from '../marketing/index.ts';

export type SignedIn = { token: string; user: PublicUser };

/**
 * Reset requests for one address mail at most one link per this interval; the others are answered
 * alike and do nothing, so no one can bury the owner's inbox or spend the link they were sent.
 */
export const resetMailIntervalMs = 5 * 60_000;
/** What became of the sign-up bonus at registration; the route words its message from it. */
export type SignupBonus = 'granted' | 'after_verification' | 'already_claimed';

/**
 * What a module forgets of a user when their account is deleted, in the deletion's transaction
 * with the user locked; 'unfinished' refuses the deletion (work of theirs still runs).
 */
export type ForgetUser = (tx: Executor, userId: string) => Promise<'unfinished' | 'forgotten' | void>;

export type AccountsDeps = {
  mailer: Mailer;
  images: ImagesService;
  /** Each module's forgetting (jobs first: an unfinished one refuses the deletion before anything goes). */
  forgetters: ForgetUser[];
  publicOrigin: string;
  signupBonusAfterVerification: boolean;
  /** ADMIN_EMAILS: such an account becomes an admin once its address is confirmed (docs/decisions/054). */
  adminEmails?: readonly string[];
};

const toPublicUser = (row: repo.UserRow): PublicUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  creditBalance: row.creditBalance,
  emailVerified: row.emailVerifiedAt !== null,
  role: row.role,
});

export function createAccountsService(
  db: Db,
  credits: CreditsService,
  { mailer, images, forgetters, publicOrigin, signupBonusAfterVerification, adminEmails = [] }: AccountsDeps,
) {
  const findSession = batchByKey(repo.prepareFindSessions(db));

  /** A link's token is checked before anything else: a malformed one is never looked up. */
  async function linkTokenError(
    purposes: repo.TokenPurpose[],
    token: string,
    texts: { invalid: string; expired: string; used: string },
  ): Promise<AppError> {
    const state = isWellFormedToken(token) ? await repo.tokenState(db, purposes, hashToken(token)) : 'unknown';
    return new AppError(
      'bad_request',
      state === 'used' ? texts.used : state === 'expired' ? texts.expired : texts.invalid,
    );
  }

  /**
   * Stores a link token confirming `email` in the caller's transaction; mail the returned link
   * after commit. A change of address and a first confirmation share the /verify page.
   */
  async function newVerificationLink(
    ex: Executor,
    userId: string,
    email: string,
    purpose: 'email_verification' | 'email_change' = 'email_verification',
  ): Promise<string> {
    const token = newSessionToken();
    await repo.insertToken(ex, {
      userId,
      email,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + verifyTokenTtlMs),
    });
    // In the fragment: browsers never send it, so no server or proxy log holds the token.
    return `${publicOrigin}/verify#token=${token}`;
  }

  /** The signed-in user's row, after checking the password they typed again; 400 when it is wrong. */
  async function confirmPassword(userId: string, password: string, wrong: string): Promise<repo.UserRow> {
    const row = await repo.findUserById(db, userId);
    if (!row) throw new AppError('unauthorized', messages.unauthorized);
    if (!(await verifyPassword(row.passwordHash, password))) throw new AppError('bad_request', wrong);
    return row;
  }

  function mailVerificationLink(user: { email: string; name: string }, link: string) {
    mailer.deliver(
      verifyEmailMail({ to: user.email, name: user.name, link, validHours: verifyTokenTtlMs / 3_600_000 }),
    );
  }

  async function openSession(userId: string, remember: boolean, userAgent?: string): Promise<string> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + (remember ? sessionTtlMs.remember : sessionTtlMs.short));
    await repo.insertSession(db, {
      userId,
      tokenHash: hashToken(token),
      remember,
      expiresAt,
      userAgent: userAgent?.slice(0, 400) ?? null,
    });
    return token;
  }

  // "Last used" is shown to the minute: write it at most once a minute per session and process,
  // so the authenticated hot path does not pay a write per request.
  const due = oncePerInterval(60_000);
  function touch(sessionId: string, log: { warn(obj: object, msg: string): void }) {
    if (!due(sessionId)) return;
    repo
      .touchSession(db, sessionId)
      .catch((error: unknown) => log.warn({ err: error }, 'could not record session use'));
  }

  return {
    /**
     * Creates the user, grants the sign-up bonus (unless it waits for verification) and stores a
     * verification link in one transaction; the link is mailed after commit. 409 for a taken e-mail.
     */
    async register(input: RegisterRequest, userAgent?: string): Promise<SignedIn & { bonus: SignupBonus }> {
      if (isDisposableEmail(input.email)) throw new AppError('bad_request', messages.disposableEmail);
      const passwordHash = await hashPassword(input.password);
      const claimHash = bonusClaimHash(input.email);
      let created: { user: PublicUser; link: string; bonus: SignupBonus };
      try {
        created = await db.transaction(async (tx) => {
          const row = await repo.insertUser(tx, { name: input.name, email: input.email, passwordHash });
          let balance = row.creditBalance;
          let bonus: SignupBonus;
          if (signupBonusAfterVerification) {
            bonus = (await repo.isSignupBonusClaimed(tx, claimHash)) ? 'already_claimed' : 'after_verification';
          } else if (await repo.claimSignupBonus(tx, claimHash)) {
            balance = (await credits.grant(row.id, signupBonusCredits, 'signup_bonus', row.id, tx)).balance;
            bonus = 'granted';
          } else {
            bonus = 'already_claimed';
          }
          const link = await newVerificationLink(tx, row.id, row.email);
          return { user: { ...toPublicUser(row), creditBalance: balance }, link, bonus };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', messages.emailTaken);
        throw error;
      }
      mailVerificationLink(created.user, created.link);
      return { token: await openSession(created.user.id, false, userAgent), user: created.user, bonus: created.bonus };
    },

    /**
     * Confirms the address a link was sent to, once: the sign-up address, or a new one asked for
     * with change-email (which then becomes the account's; 409 if someone took it meanwhile).
     * With SIGNUP_BONUS_AFTER_VERIFICATION the bonus is granted here, in the same transaction (the
     * ledger's (reason, ref) keeps it single).
     */
    async verifyEmail(
      token: string,
    ): Promise<{ bonusGranted: number; alreadyClaimed: boolean; balance: number; changedTo?: string }> {
      const texts = {
        invalid: messages.verifyLinkInvalid,
        expired: messages.verifyLinkExpired,
        used: messages.verifyLinkUsed,
      };
      const purposes: repo.TokenPurpose[] = ['email_verification', 'email_change'];
      if (!isWellFormedToken(token)) throw await linkTokenError(purposes, token, texts);
      const result = await db.transaction(async (tx) => {
        const consumed = await repo.consumeToken(tx, purposes, hashToken(token));
        if (!consumed) return undefined;
        const user = await repo.findUserForUpdate(tx, consumed.userId);
        if (!user) return 'stale' as const;
        const changedTo =
          consumed.purpose === 'email_change' && user.email !== consumed.email ? consumed.email : undefined;
        // A first-confirmation link for an address the account no longer has proves nothing.
        if (consumed.purpose === 'email_verification' && user.email !== consumed.email) return 'stale' as const;
        const unchanged = {
          bonusGranted: 0,
          alreadyClaimed: false,
          balance: user.creditBalance,
          ...(changedTo ? { changedTo } : {}),
        };
        if (changedTo) {
          // In a savepoint, so the taken address is told apart from other failures.
          await tx
            .transaction((savepoint) => repo.updateEmail(savepoint, user.id, changedTo))
            .catch((error: unknown) => {
              throw isUniqueViolation(error) ? new AppError('conflict', messages.emailTaken) : error;
            });
          await repo.spendTokensOf(tx, user.id, 'email_verification');
          // Reset links went to the old address: whoever still reads it must not take the account back.
          await repo.spendTokensOf(tx, user.id, 'password_reset');
        } else if (user.emailVerifiedAt) {
          return unchanged;
        } else {
          await repo.markEmailVerified(tx, user.id);
        }
        const email = changedTo ?? user.email;
        if (adminEmails.includes(email)) await repo.promoteConfirmed(tx, [email]);
        if (!signupBonusAfterVerification) return unchanged;
        if (!(await repo.claimSignupBonus(tx, bonusClaimHash(email)))) return { ...unchanged, alreadyClaimed: true };
        // A savepoint: a bonus already on the ledger (granted at sign-up before the switch) is a no-op.
        const granted = await tx
          .transaction((savepoint) => credits.grant(user.id, signupBonusCredits, 'signup_bonus', user.id, savepoint))
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) return undefined;
            throw error;
          });
        return granted ? { ...unchanged, bonusGranted: signupBonusCredits, balance: granted.balance } : unchanged;
      });
      if (result === undefined) throw await linkTokenError(purposes, token, texts);
      if (result === 'stale') throw new AppError('bad_request', messages.verifyLinkInvalid);
      return result;
    },

    /** Mails a fresh verification link to the signed-in user's address; 400 when already verified. */
    async resendVerification(userId: string): Promise<{ email: string }> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', messages.unauthorized);
      if (user.emailVerifiedAt) throw new AppError('bad_request', messages.alreadyVerified);
      const link = await newVerificationLink(db, user.id, user.email);
      mailVerificationLink(user, link);
      return { email: user.email };
    },

    /**
     * Signs in; `deviceToken` is the browser's device cookie (a new one is made when it has none),
     * recorded for the account so that this browser keeps its share of attempts later.
     */
    async login(
      input: LoginRequest,
      userAgent?: string,
      deviceToken?: string,
    ): Promise<SignedIn & { deviceToken: string }> {
      const row = await repo.findUserByEmail(db, input.email);
      const valid = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (!row || !valid) throw new AppError('unauthorized', messages.invalidCredentials);
      // Told only to whoever knows the password: a stranger learns nothing of the account.
      if (row.suspendedAt) throw new AppError('forbidden', messages.accountSuspended);
      const token = await openSession(row.id, input.remember ?? false, userAgent);
      const device = deviceToken && isWellFormedToken(deviceToken) ? deviceToken : newSessionToken();
      await repo.rememberDevice(db, hashToken(device), row.id);
      return { token, user: toPublicUser(row), deviceToken: device };
    },

    /** True when the browser's device cookie signed in to the account of `email` before. */
    async isKnownDevice(deviceToken: string | undefined, email: string | undefined): Promise<boolean> {
      if (!deviceToken || !email || !isWellFormedToken(deviceToken)) return false;
      return repo.isKnownDevice(db, hashToken(deviceToken), email);
    },

    /** Tells the owner, if the address has one, that strangers used up its login attempts. */
    async warnOfGuessing(email: string, windowMs: number): Promise<void> {
      const row = await repo.findUserByEmail(db, email);
      if (!row) return;
      mailer.deliver(
        loginGuessingMail({
          to: row.email,
          name: row.name,
          link: `${publicOrigin}/reset`,
          windowMinutes: Math.round(windowMs / 60_000),
        }),
      );
    },

    /**
     * Mails a reset link if the address has an account; says nothing either way. The mail leaves
     * in the background, so a known address answers as fast as an unknown one.
     */
    async requestPasswordReset(email: string, { knownDevice = false }: { knownDevice?: boolean } = {}): Promise<void> {
      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + resetTokenTtlMs);
      // A browser that signed in to the account before is its owner's: it gets a fresh link at once.
      const minIntervalMs = knownDevice ? 0 : resetMailIntervalMs;
      const user = await repo.insertTokenForEmail(db, {
        email,
        purpose: 'password_reset',
        tokenHash: hashToken(token),
        expiresAt,
        minIntervalMs,
      });
      if (!user) return;
      // In the fragment: browsers never send it, so no server or proxy log holds the token.
      const link = `${publicOrigin}/reset#token=${token}`;
      mailer.deliver(
        passwordResetMail({ to: user.email, name: user.name, link, validMinutes: resetTokenTtlMs / 60_000 }),
      );
    },

    /** Sets the password from a reset link, once; every session ends and a new one begins. */
    async resetPassword(input: ResetPasswordRequest, userAgent?: string): Promise<SignedIn> {
      const texts = {
        invalid: messages.resetLinkInvalid,
        expired: messages.resetLinkExpired,
        used: messages.resetLinkUsed,
      };
      if (!isWellFormedToken(input.token)) throw await linkTokenError(['password_reset'], input.token, texts);
      // The link is checked before a password hash is spent on it: a guessed token costs one lookup.
      if (!(await repo.findLiveToken(db, ['password_reset'], hashToken(input.token))))
        throw await linkTokenError(['password_reset'], input.token, texts);
      const passwordHash = await hashPassword(input.password);
      const reset = await db.transaction(async (tx) => {
        const consumed = await repo.consumeToken(tx, ['password_reset'], hashToken(input.token));
        if (!consumed) return undefined;
        // A link mailed to an address the account no longer has opens nothing.
        const owner = await repo.findUserForUpdate(tx, consumed.userId);
        if (!owner || owner.email !== consumed.email) return 'stale' as const;
        await repo.updatePasswordHash(tx, consumed.userId, passwordHash);
        await repo.revokeSessionsOf(tx, consumed.userId);
        // Whoever held the account before the owner took it back may have left a key behind.
        const keysRevoked = await revokeAllKeysOf(tx, consumed.userId);
        await repo.spendTokensOf(tx, consumed.userId, 'password_reset');
        return { userId: consumed.userId, keysRevoked };
      });
      if (!reset) throw await linkTokenError(['password_reset'], input.token, texts);
      if (reset === 'stale') throw new AppError('bad_request', messages.resetLinkInvalid);
      const row = await repo.findUserById(db, reset.userId);
      if (!row) throw new AppError('bad_request', messages.resetLinkInvalid);
      mailer.deliver(
        passwordResetDoneMail({
          to: row.email,
          name: row.name,
          link: `${publicOrigin}/profile`,
          keysRevoked: reset.keysRevoked,
        }),
      );
      return { token: await openSession(row.id, false, userAgent), user: toPublicUser(row) };
    },

    /** What an export writes about the account itself. */
    async profile(userId: string): Promise<PublicUser & { createdAt: string }> {
      const row = await repo.findUserById(db, userId);
      if (!row) throw new AppError('unauthorized', messages.unauthorized);
      return { ...toPublicUser(row), createdAt: row.createdAt.toISOString() };
    },

    async updateName(userId: string, name: string): Promise<PublicUser> {
      const row = await repo.updateName(db, userId, name);
      if (!row) throw new AppError('unauthorized', messages.unauthorized);
      return toPublicUser(row);
    },

    /**
     * Checks the current password, sets the new one and ends every other session, in one
     * transaction; the API keys go too unless `revokeApiKeys` is false.
     */
    async changePassword(
      userId: string,
      sessionId: string,
      input: { currentPassword: string; newPassword: string; revokeApiKeys?: boolean },
    ): Promise<void> {
      await confirmPassword(userId, input.currentPassword, messages.wrongCurrentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, userId, passwordHash);
        await repo.revokeSessionsOf(tx, userId, sessionId);
        if (input.revokeApiKeys ?? true) await revokeAllKeysOf(tx, userId);
      });
    },

    /**
     * Mails a confirmation link to a new address; the account keeps its address until the link is
     * opened (verifyEmail). An earlier change link stops working.
     */
    async requestEmailChange(userId: string, input: { email: string; password: string }): Promise<void> {
      const row = await confirmPassword(userId, input.password, messages.wrongPassword);
      if (input.email === row.email) throw new AppError('bad_request', messages.emailUnchanged);
      if (isDisposableEmail(input.email)) throw new AppError('bad_request', messages.disposableEmail);
      if (await repo.findUserByEmail(db, input.email)) throw new AppError('conflict', messages.emailTaken);
      const link = await db.transaction(async (tx) => {
        await repo.spendTokensOf(tx, userId, 'email_change');
        return newVerificationLink(tx, userId, input.email, 'email_change');
      });
      mailer.deliver(
        changeEmailMail({ to: input.email, name: row.name, link, validHours: verifyTokenTtlMs / 3_600_000 }),
      );
    },

    /**
     * Deletes the account the owner confirms with their password (409 while a job of theirs is
     * unfinished): images (rows now, bytes after commit), sessions, links, jobs, and the contact
     * messages and newsletter entry of its address go; the user row stays for the ledger and payments with nothing
     * that names a person. The bonus claim stays too, so the address registers again without one.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      await confirmPassword(userId, password, messages.wrongPassword);
      const storageKeys = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        for (const forget of forgetters) {
          if ((await forget(tx, userId)) === 'unfinished') throw new AppError('conflict', messages.accountBusy);
        }
        const keys = await images.forgetAllOwned(tx, userId);
        await repo.deleteSessionsAndTokensOf(tx, userId);
        await deleteEntriesOfUser(tx, userId);
        await repo.anonymizeUser(tx, userId);
        return keys;
      });
      await images.removeStored(storageKeys);
    },

    touch,

    /** True when `password` is the account's: an operator confirming before a change (docs/decisions/054). */
    async checkPassword(userId: string, password: string): Promise<boolean> {
      const row = await repo.findUserById(db, userId);
      return row ? verifyPassword(row.passwordHash, password) : false;
    },

    async listSessions(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
      const found = await repo.listLiveSessions(db, userId);
      return found.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** False when the user has no such live session (another user's id reads the same). */
    revokeSession(userId: string, sessionId: string): Promise<boolean> {
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)
        ? repo.revokeOwnSession(db, userId, sessionId)
        : Promise.resolve(false);
    },

    /** Ends every other session and, unless `revokeApiKeys` is false, every API key. */
    async logoutOthers(userId: string, sessionId: string, revokeApiKeys = true): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.revokeSessionsOf(tx, userId, sessionId);
        if (revokeApiKeys) await revokeAllKeysOf(tx, userId);
      });
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
