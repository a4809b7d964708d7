import type { ProvidersResponse } from '@lumigen/contract/generation';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export function useProviders() {
  return useQuery({
    queryKey: ['providers'],
    queryFn: ({ signal }) => apiGet<ProvidersResponse>('/api/image/providers', { signal }),
    staleTime: Infinity,
  });
}
