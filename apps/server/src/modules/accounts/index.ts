export { type SessionUser, lockUser, pruneAccountData } from './accounts.repository.ts';
export { accountsRoutes } from './accounts.routes.ts';
export { type AccountsService, createAccountsService } from './accounts.service.ts';
