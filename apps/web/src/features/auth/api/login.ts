import type { AuthResponse, LoginRequest } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
