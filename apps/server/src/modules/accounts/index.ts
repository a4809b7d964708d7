export {
  type SessionUser,
  lockUser,
  promoteConfirmed,
  pruneAccountData,
  setRoleByEmail,
} from './accounts.repository.ts';
export { accountsRoutes } from './accounts.routes.ts';
export { type AccountsService, createAccountsService } from './accounts.service.ts';
