import type { AdminJobStatus, AdminJobsResponse } from '@lumigen/contract/admin-reports';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { adminQueryKey } from './get-actions.ts';

/** Jobs, failed and stuck ones first, a page at a time; `status` narrows to one state. */
export function useAdminJobs(status: AdminJobStatus | undefined) {
  return useInfiniteQuery({
    queryKey: [...adminQueryKey, 'jobs', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.toString();
      return apiGet<AdminJobsResponse>(`/api/admin/jobs${search ? `?${search}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
