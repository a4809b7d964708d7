import type { LedgerResponse } from '@lumigen/contract/credits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const ledgerQueryKey = ['ledger'] as const;

/** The credit ledger, newest first, a page at a time: each page names the cursor of the next. */
export function useLedger(token: string | null, limit = 10) {
  return useInfiniteQuery({
    queryKey: [...ledgerQueryKey, token, limit],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (pageParam) query.set('cursor', pageParam);
      return apiGet<LedgerResponse>(`/api/credits/ledger?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: token !== null,
  });
}
