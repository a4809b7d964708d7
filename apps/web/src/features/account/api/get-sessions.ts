import type { SessionsResponse } from '@lumigen/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const sessionsQueryKey = ['sessions'] as const;

/** The signed-in user's live sessions, this one marked `current`. */
export function useSessions(token: string | null) {
  return useQuery({
    queryKey: [...sessionsQueryKey, token],
    queryFn: ({ signal }) => apiGet<SessionsResponse>('/api/user/sessions', { signal }),
    enabled: token !== null,
  });
}
