import {
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  resetRequestRequest,
  type AuthResponse,
  type LogoutResponse,
  type ResetRequestResponse,
  verifyEmailRequest,
  type VerifyEmailResponse,
  type VerifyResendResponse,
} from '@lumigen/contract/accounts';
import { signupBonusCredits } from '@lumigen/contract/pricing';
import { emptyBody } from '@lumigen/contract/fields';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { AccountsService } from './accounts.service.ts';

export async function accountsRoutes(app: FastifyInstance, { accounts, config }: { accounts: AccountsService; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ipMax, emailMax, windowMs } = config.authRateLimit;
  const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
  const limit = (action: string) =>
    app.limitBy(
      [
        { name: `${action}:ip`, max: ipMax, key: (request) => request.ip },
        { name: `${action}:email`, max: emailMax, key: emailOf },
      ],
      windowMs,
    );

  r.post('/api/user/register', { schema: { body: registerRequest }, preHandler: limit('register') }, async (request, reply): Promise<AuthResponse> => {
    const { token, user, bonus } = await accounts.register(request.body);
    request.log.info({ userId: user.id, bonus }, 'user registered');
    reply.code(201);
    const message =
      bonus === 'after_verification' ? messages.registeredVerifyForBonus(signupBonusCredits) : bonus === 'already_claimed' ? messages.registeredNoBonus : messages.registered;
    return { success: true, message, token, user };
  });

  r.post('/api/user/login', { schema: { body: loginRequest }, preHandler: limit('login') }, async (request): Promise<AuthResponse> => {
    const { token, user } = await accounts.login(request.body);
    request.log.info({ userId: user.id }, 'user logged in');
    return { success: true, message: messages.loggedIn, token, user };
  });

  r.post('/api/user/reset-request', { schema: { body: resetRequestRequest }, preHandler: limit('reset-request') }, async (request): Promise<ResetRequestResponse> => {
    await accounts.requestPasswordReset(request.body.email);
    return { success: true, message: messages.resetRequested };
  });

  // Per IP only: the body carries no address, and each try costs a password hash.
  const resetLimit = app.limitBy([{ name: 'reset:ip', max: ipMax, key: (request) => request.ip }], windowMs);
  r.post('/api/user/reset', { schema: { body: resetPasswordRequest }, preHandler: resetLimit }, async (request): Promise<AuthResponse> => {
    const { token, user } = await accounts.resetPassword(request.body);
    request.log.info({ userId: user.id }, 'password reset');
    return { success: true, message: messages.passwordReset, token, user };
  });

  const verifyLimit = app.limitBy([{ name: 'verify:ip', max: ipMax, key: (request) => request.ip }], windowMs);
  r.post('/api/user/verify', { schema: { body: verifyEmailRequest }, preHandler: verifyLimit }, async (request): Promise<VerifyEmailResponse> => {
    const { bonusGranted, alreadyClaimed, balance } = await accounts.verifyEmail(request.body.token);
    const message = bonusGranted > 0 ? messages.emailVerifiedWithBonus(bonusGranted) : alreadyClaimed ? messages.emailVerifiedNoBonus : messages.emailVerified;
    return { success: true, message, creditBalance: balance };
  });

  const resendLimit = app.limitBy(
    [
      { name: 'verify-resend:ip', max: ipMax, key: (request) => request.ip },
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

  r.post('/api/user/logout', { schema: { body: emptyBody }, onRequest: app.requireAuth }, async (request): Promise<LogoutResponse> => {
    await accounts.logout(request.auth.sessionId);
    return { success: true, message: messages.loggedOut };
  });
}
