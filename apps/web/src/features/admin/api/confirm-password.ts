import type { AdminConfirmRequest, AdminConfirmResponse } from '@lumigen/contract/admin';
import { apiPost } from '../../../lib/api.ts';

/** Opens changes for this session for 15 minutes (docs/decisions/054). */
export function confirmPassword(body: AdminConfirmRequest): Promise<AdminConfirmResponse> {
  return apiPost<AdminConfirmResponse>('/api/admin/confirm', body);
}
