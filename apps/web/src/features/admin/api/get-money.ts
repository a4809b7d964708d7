import type { AdminPaymentsResponse } from '@lumigen/contract/admin-reports';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { adminQueryKey } from './get-actions.ts';

/** Purchases, refunds and disputes by day over the last `days` days, and the open shortfalls. */
export function useAdminPayments(days: number) {
  return useQuery({
    queryKey: [...adminQueryKey, 'payments', days],
    queryFn: ({ signal }) => apiGet<AdminPaymentsResponse>(`/api/admin/payments?days=${days}`, { signal }),
  });
}
