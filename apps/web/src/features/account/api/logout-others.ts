import type { AccountActionResponse } from '@lumigen/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** Every session but this one ends. */
export function logoutOthers(): Promise<AccountActionResponse> {
  return apiPost<AccountActionResponse>('/api/user/logout-others');
}

export function useLogoutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
