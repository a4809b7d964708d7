import type { PaymentsConfigResponse } from '@lumigen/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/** Which provider takes the card: our test-mode form, or Stripe's Payment Element. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['payments-config'],
    queryFn: ({ signal }) => apiGet<PaymentsConfigResponse>('/api/payments/config', { signal }),
    staleTime: Infinity,
  });
}
