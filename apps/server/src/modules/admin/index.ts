export { recordAdminAction, type AdminActionInput } from './admin.repository.ts';
export { adminRoutes } from './admin.routes.ts';
export {
  type AdminService,
  auditedChange,
  type ChangeOutcome,
  type ChangeRequest,
  createAdminService,
} from './admin.service.ts';
