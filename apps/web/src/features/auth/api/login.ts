import type { AuthResponse, LoginRequest } from '@lumigen/contract/accounts';
import { apiPost } from '../../../lib/api.ts';

export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/login', body);
}
