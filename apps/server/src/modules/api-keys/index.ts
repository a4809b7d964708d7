export { revokeAllKeysOf, revokeOwnKey } from './api-keys.repository.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export {
  type ApiKeyCaller,
  ApiKeyRefused,
  type ApiKeysService,
  createApiKeysService,
  isApiKeyShaped,
} from './api-keys.service.ts';
