import type { PaymentsListResponse } from '@lumigen/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const paymentsQueryKey = (token: string | null) => ['payments', token] as const;

/** The signed-in user's own purchases, newest first. */
export function usePayments(token: string | null) {
  return useQuery({
    queryKey: paymentsQueryKey(token),
    queryFn: ({ signal }) => apiGet<PaymentsListResponse>('/api/payments', { signal }),
    enabled: token !== null,
  });
}
