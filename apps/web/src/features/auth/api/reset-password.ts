import type { AuthResponse, ResetPasswordRequest } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Sets the new password from a mailed link; the answer is a fresh sign-in, like login's. */
export function resetPassword(body: ResetPasswordRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
