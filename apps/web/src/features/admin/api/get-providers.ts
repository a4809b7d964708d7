import type { AdminProvidersResponse } from '@lumigen/contract/admin-reports';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { adminQueryKey } from './get-actions.ts';

/** Each provider's calls over the last 24 hours. */
export function useAdminProviders() {
  return useQuery({
    queryKey: [...adminQueryKey, 'providers'],
    queryFn: ({ signal }) => apiGet<AdminProvidersResponse>('/api/admin/providers', { signal }),
  });
}
