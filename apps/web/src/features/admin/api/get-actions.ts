import type { AdminActionsResponse } from '@lumigen/contract/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/** Every query of the console starts with this key: a change refreshes them all at once. */
export const adminQueryKey = ['admin'] as const;

/** The audit log, newest first, a page at a time. */
export function useAdminActions() {
  return useInfiniteQuery({
    queryKey: [...adminQueryKey, 'actions'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<AdminActionsResponse>(
        `/api/admin/actions${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
