import type { AuthResponse, RegisterRequest } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

export function register(body: RegisterRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
