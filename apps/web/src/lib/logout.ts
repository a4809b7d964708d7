import type { LogoutResponse } from '@lumigen/contract/accounts';
import { apiPost } from './api.ts';

export function logout(): Promise<LogoutResponse> {
  return apiPost<LogoutResponse>('/api/user/logout');
}
