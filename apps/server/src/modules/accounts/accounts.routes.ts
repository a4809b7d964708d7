import {
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  resetRequestRequest,
  type AuthResponse,
  sessionIdParams,
  type SessionsResponse,
  changePasswordRequest,
  logoutOthersRequest,
  changeEmailRequest,
  deleteAccountRequest,
  updateProfileRequest,
  type AccountActionResponse,
  type UpdateProfileResponse,
  type LogoutResponse,
  type ResetRequestResponse,
  verifyEmailRequest,
  type VerifyEmailResponse,
  type VerifyResendResponse,
} from '@lumigen/contract/account-schemas';
import { signupBonusCredits } from '@lumigen/contract/pricing';
import { emptyBody } from '@lumigen/contract/fields';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { clientKey } from '../../lib/client-key.ts';
import { AppError } from '../../lib/app-error.ts';
import { exportAccount } from './account-export.ts';
import type { AccountsService } from './accounts.service.ts';

type AccountsRouteDeps = { accounts: AccountsService; config: Config; exportDeps: Parameters<typeof exportAccount>[0] };

/** The long-lived cookie of a browser that signed in before; it holds no session (see login_devices). */
const deviceCookie = 'lumigen_device';

function deviceTokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === deviceCookie) return value.join('=');
  }
  return undefined;
}

export async function accountsRoutes(app: FastifyInstance, { accounts, config, exportDeps }: AccountsRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ipMax, emailMax, windowMs, loginFailuresPerAddressAndIp, loginFailuresPerAddress } = config.authRateLimit;
  const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
  // The address counts only attempts the client's own limit let through: no one spends another's share.
  const limit = (action: string) =>
    app.limitBy(
      [
        { name: `${action}:ip`, max: ipMax, key: (request) => clientKey(request.ip) },
        { name: `${action}:email`, max: emailMax, key: emailOf, after: true },
      ],
      windowMs,
    );
  // Browsers that signed in to the address's account before (their device cookie says so).
  const knownDevices = new WeakSet<FastifyRequest>();
  const markKnownDevice = async (request: FastifyRequest) => {
    if (await accounts.isKnownDevice(deviceTokenFrom(request), emailOf(request))) knownDevices.add(request);
  };
  const setDeviceCookie = (reply: { header(name: string, value: string): unknown }, token: string) =>
    reply.header(
      'set-cookie',
      `${deviceCookie}=${token}; Path=/api/user; Max-Age=${365 * 24 * 3600}; HttpOnly; SameSite=Strict${config.secureCookies ? '; Secure' : ''}`,
    );

  r.post(
    '/api/user/register',
    { schema: { body: registerRequest }, preHandler: limit('register') },
    async (request, reply): Promise<AuthResponse> => {
      const { token, user, bonus } = await accounts.register(request.body, request.headers['user-agent']);
      request.log.info({ userId: user.id, bonus }, 'user registered');
      reply.code(201);
      const message =
        bonus === 'after_verification'
          ? messages.registeredVerifyForBonus(signupBonusCredits)
          : bonus === 'already_claimed'
            ? messages.registeredNoBonus
            : messages.registered;
      return { success: true, message, token, user };
    },
  );

  // Only failures count. The pair is per IP, so a guesser cannot lock the owner out from elsewhere;
  // no one gets more than the per-address number of guesses per window from all IPs together, and
  // an attempt the client's own limits refused never counts there. Once strangers have used up the
  // address's guesses, a browser that signed in to the account before still gets its pair's share,
  // and the owner is mailed once per window.
  const loginFailures = app.failureLimit(
    [
      { name: 'login-fail:ip', max: ipMax, key: (request) => clientKey(request.ip) },
      {
        name: 'login-fail:pair',
        max: loginFailuresPerAddressAndIp,
        key: (request) => `${emailOf(request)}|${clientKey(request.ip)}`,
        clearOnSuccess: true,
      },
      {
        name: 'login-fail:email',
        max: loginFailuresPerAddress,
        key: (request) => (knownDevices.has(request) ? undefined : emailOf(request)),
        after: true,
        onOver: (request) => {
          const email = emailOf(request);
          if (email)
            accounts
              .warnOfGuessing(email, windowMs)
              .catch((error: unknown) => request.log.error({ err: error }, 'could not warn of password guessing'));
        },
      },
    ],
    windowMs,
  );
  r.post('/api/user/login', { schema: { body: loginRequest } }, async (request, reply): Promise<AuthResponse> => {
    await markKnownDevice(request);
    const attempt = await loginFailures.begin(request);
    try {
      const { token, user, deviceToken } = await accounts.login(
        request.body,
        request.headers['user-agent'],
        deviceTokenFrom(request),
      );
      await attempt.succeeded();
      setDeviceCookie(reply, deviceToken);
      request.log.info({ userId: user.id }, 'user logged in');
      return { success: true, message: messages.loggedIn, token, user };
    } catch (error) {
      // Our own failure (a database error) is not the caller's wrong guess.
      if (!(error instanceof AppError && error.code === 'unauthorized'))
        await attempt.succeeded().catch(() => undefined);
      throw error;
    }
  });

  // Per client only: an address gets at most one mail per 5 minutes however often it is asked
  // for (requestPasswordReset), so a per-address count would only let strangers block the owner.
  const resetRequestLimit = app.limitBy(
    [{ name: 'reset-request:ip', max: ipMax, key: (request) => clientKey(request.ip) }],
    windowMs,
  );
  r.post(
    '/api/user/reset-request',
    { schema: { body: resetRequestRequest }, preHandler: resetRequestLimit },
    async (request): Promise<ResetRequestResponse> => {
      const knownDevice = await accounts.isKnownDevice(deviceTokenFrom(request), request.body.email);
      await accounts.requestPasswordReset(request.body.email, { knownDevice });
      return { success: true, message: messages.resetRequested };
    },
  );

  // Per IP only: the body carries no address, and each try costs a password hash.
  const resetLimit = app.limitBy([{ name: 'reset:ip', max: ipMax, key: (request) => clientKey(request.ip) }], windowMs);
  r.post(
    '/api/user/reset',
    { schema: { body: resetPasswordRequest }, preHandler: resetLimit },
    async (request): Promise<AuthResponse> => {
      const { token, user } = await accounts.resetPassword(request.body, request.headers['user-agent']);
      request.log.info({ userId: user.id }, 'password reset');
      return { success: true, message: messages.passwordReset, token, user };
    },
  );

  const verifyLimit = app.limitBy(
    [{ name: 'verify:ip', max: ipMax, key: (request) => clientKey(request.ip) }],
    windowMs,
  );
  r.post(
    '/api/user/verify',
    { schema: { body: verifyEmailRequest }, preHandler: verifyLimit },
    async (request): Promise<VerifyEmailResponse> => {
      const { bonusGranted, alreadyClaimed, balance, changedTo } = await accounts.verifyEmail(request.body.token);
      const message = changedTo
        ? messages.emailChanged(changedTo)
        : bonusGranted > 0
          ? messages.emailVerifiedWithBonus(bonusGranted)
          : alreadyClaimed
            ? messages.emailVerifiedNoBonus
            : messages.emailVerified;
      return { success: true, message, creditBalance: balance };
    },
  );

  const resendLimit = app.limitBy(
    [
      { name: 'verify-resend:ip', max: ipMax, key: (request) => clientKey(request.ip) },
      { name: 'verify-resend:user', max: emailMax, key: (request) => request.auth?.userId },
    ],
    windowMs,
  );
  r.post(
    '/api/user/verify-resend',
    { schema: { body: emptyBody }, onRequest: app.requireAuth, preHandler: resendLimit },
    async (request): Promise<VerifyResendResponse> => {
      const { email } = await accounts.resendVerification(request.auth.userId);
      return { success: true, message: messages.verificationSent(email) };
    },
  );

  r.post(
    '/api/user/update',
    { schema: { body: updateProfileRequest }, onRequest: app.requireAuth },
    async (request): Promise<UpdateProfileResponse> => {
      const user = await accounts.updateName(request.auth.userId, request.body.name);
      return { success: true, message: messages.profileUpdated, user };
    },
  );

  // Calls that take the password again: wrong ones are guesses too, limited per account and IP
  // like other attempts.
  const passwordCheckLimit = (action: string) =>
    app.limitBy(
      [
        { name: `${action}:ip`, max: ipMax, key: (request) => clientKey(request.ip) },
        { name: `${action}:user`, max: emailMax, key: (request) => request.auth?.userId },
      ],
      windowMs,
    );
  r.post(
    '/api/user/change-password',
    {
      schema: { body: changePasswordRequest },
      onRequest: app.requireAuth,
      preHandler: passwordCheckLimit('change-password'),
    },
    async (request): Promise<AccountActionResponse> => {
      await accounts.changePassword(request.auth.userId, request.auth.sessionId, request.body);
      const keysRevoked = request.body.revokeApiKeys ?? true;
      request.log.info({ userId: request.auth.userId, keysRevoked }, 'password changed');
      return { success: true, message: keysRevoked ? messages.passwordChangedKeysRevoked : messages.passwordChanged };
    },
  );

  r.post(
    '/api/user/change-email',
    {
      schema: { body: changeEmailRequest },
      onRequest: app.requireAuth,
      preHandler: passwordCheckLimit('change-email'),
    },
    async (request): Promise<AccountActionResponse> => {
      await accounts.requestEmailChange(request.auth.userId, request.body);
      request.log.info({ userId: request.auth.userId }, 'e-mail change requested');
      return { success: true, message: messages.emailChangeRequested(request.body.email) };
    },
  );

  r.post(
    '/api/user/delete',
    {
      schema: { body: deleteAccountRequest },
      onRequest: app.requireAuth,
      preHandler: passwordCheckLimit('delete-account'),
    },
    async (request): Promise<AccountActionResponse> => {
      await accounts.deleteAccount(request.auth.userId, request.body.password);
      request.log.info({ userId: request.auth.userId }, 'account deleted');
      return { success: true, message: messages.accountDeleted };
    },
  );

  // An export reads every image: a few per window are plenty for a person.
  const exportLimit = app.limitBy([{ name: 'export:user', max: 10, key: (request) => request.auth?.userId }], windowMs);
  r.get('/api/user/export', { onRequest: app.requireAuth, preHandler: exportLimit }, async (request, reply) => {
    const zip = await exportAccount(exportDeps, request.auth.userId, request.log);
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="lumigen-export.zip"')
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  r.get('/api/user/sessions', { onRequest: app.requireAuth }, async (request): Promise<SessionsResponse> => {
    return { success: true, sessions: await accounts.listSessions(request.auth.userId, request.auth.sessionId) };
  });

  // Another user's session, like a missing one, is 404.
  r.post(
    '/api/user/sessions/:id/revoke',
    { schema: { params: sessionIdParams, body: emptyBody }, onRequest: app.requireAuth },
    async (request): Promise<AccountActionResponse> => {
      if (!(await accounts.revokeSession(request.auth.userId, request.params.id)))
        throw new AppError('not_found', messages.notFound);
      return { success: true, message: messages.sessionRevoked };
    },
  );

  r.post(
    '/api/user/logout-others',
    { schema: { body: logoutOthersRequest }, onRequest: app.requireAuth },
    async (request): Promise<AccountActionResponse> => {
      const keysRevoked = request.body?.revokeApiKeys ?? true;
      await accounts.logoutOthers(request.auth.userId, request.auth.sessionId, keysRevoked);
      return {
        success: true,
        message: keysRevoked ? messages.otherSessionsEndedKeysRevoked : messages.otherSessionsEnded,
      };
    },
  );

  r.post(
    '/api/user/logout',
    { schema: { body: emptyBody }, onRequest: app.requireAuth },
    async (request): Promise<LogoutResponse> => {
      await accounts.logout(request.auth.sessionId);
      return { success: true, message: messages.loggedOut };
    },
  );
}
