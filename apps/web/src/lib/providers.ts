import type { ProvidersResponse, WorkPrice } from '@lumigen/contract/generation';
import type { JobKind } from '@lumigen/contract/jobs';
import { creditCosts } from '@lumigen/contract/pricing';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api.ts';

export function useProviders() {
  return useQuery({
    queryKey: ['providers'],
    queryFn: ({ signal }) => apiGet<ProvidersResponse>('/api/image/providers', { signal }),
    staleTime: Infinity,
  });
}

/**
 * What `kind` of work costs on this server, as it answered (a local preview may be free:
 * docs/decisions/051); undefined until it has.
 */
export function useWorkPrice(kind: JobKind): WorkPrice | undefined {
  const data = useProviders().data;
  if (!data) return undefined;
  if (kind === 'edit') return data.edit.price;
  return kind === 'generation' ? data.prices.generation : data.prices.tools[kind];
}

/**
 * What one standard generation costs now with a real provider, in credits, for copy that quotes it
 * ("an image costs 1 credit", the plans' "35 images"): the operator's price once the server
 * answered (docs/decisions/056), the default before.
 */
export function useImageCredits(): number {
  return useProviders().data?.prices.imageCredits ?? creditCosts.generation;
}
