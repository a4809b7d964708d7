import type { AccountActionResponse } from '@lumigen/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** Signs out one of the user's other sessions (a device they no longer use). */
export function revokeSession(sessionId: string): Promise<AccountActionResponse> {
  return apiPost<AccountActionResponse>(`/api/user/sessions/${encodeURIComponent(sessionId)}/revoke`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
