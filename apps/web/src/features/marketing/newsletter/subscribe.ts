import type { MarketingResponse, NewsletterRequest } from '@lumigen/contract/marketing';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Stores the address once (a repeat answers the same success, revealing nothing). */
export function subscribe(body: NewsletterRequest): Promise<MarketingResponse> {
  return apiPost<MarketingResponse>('/api/newsletter', body);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
