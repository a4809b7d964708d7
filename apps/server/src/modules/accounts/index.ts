export {
  type SessionUser,
  listLiveSessions,
  lockUser,
  promoteConfirmed,
  pruneAccountData,
  revokeOwnSession,
  setRoleByEmail,
  setSuspended,
} from './accounts.repository.ts';
export { accountsRoutes } from './accounts.routes.ts';
export { type AccountsService, createAccountsService } from './accounts.service.ts';
export { deviceName } from './device-name.ts';
