import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { AccountsService, SessionUser } from '../modules/accounts/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireAuth`, so always present in protected routes. */
    auth: SessionUser;
  }
  interface FastifyInstance {
    requireAuth(request: FastifyRequest): Promise<void>;
  }
}

/** The specification's clients send the token in a `token` header (docs/product.md §7); `Authorization: Bearer` is accepted too. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header !== '') return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  return undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, { accounts }: { accounts: AccountsService }) => {
  app.decorateRequest('auth', null as unknown as SessionUser);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = tokenFrom(request);
    const session = token ? await accounts.authenticate(token) : undefined;
    if (!session) throw new AppError('unauthorized', messages.unauthorized);
    request.auth = session;
    accounts.touch(session.sessionId, request.log);
  });
});
