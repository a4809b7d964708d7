import type { AdminOverviewResponse } from '@lumigen/contract/admin-reports';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { adminQueryKey } from './get-actions.ts';

/** The service's figures per day over the last `days` days. */
export function useAdminOverview(days: number) {
  return useQuery({
    queryKey: [...adminQueryKey, 'overview', days],
    queryFn: ({ signal }) => apiGet<AdminOverviewResponse>(`/api/admin/overview?days=${days}`, { signal }),
  });
}
