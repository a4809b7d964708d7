import type { AccountActionResponse } from '@lumigen/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** Every session but this one ends, and the API keys too unless `revokeApiKeys` is false. */
export function logoutOthers({ revokeApiKeys }: { revokeApiKeys: boolean }): Promise<AccountActionResponse> {
  return apiPost<AccountActionResponse>('/api/user/logout-others', { revokeApiKeys });
}

export function useLogoutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
