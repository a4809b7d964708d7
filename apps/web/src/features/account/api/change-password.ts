import type { AccountActionResponse, ChangePasswordRequest } from '@lumigen/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** The server keeps this session and signs out every other one. */
export function changePassword(body: ChangePasswordRequest): Promise<AccountActionResponse> {
  return apiPost<AccountActionResponse>('/api/user/change-password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
