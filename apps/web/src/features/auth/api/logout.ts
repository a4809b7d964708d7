import type { LogoutResponse } from '@lumigen/contract/accounts';
import { apiPost } from '../../../lib/api.ts';

export function logout(): Promise<LogoutResponse> {
  return apiPost<LogoutResponse>('/api/user/logout');
}
