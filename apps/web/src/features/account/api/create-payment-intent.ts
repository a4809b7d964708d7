import type { BundleName } from '@lumigen/contract/catalogue';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@lumigen/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { apiPost, type ApiError } from '../../../lib/api.ts';

/** 32 hex characters, made once per checkout attempt (getRandomValues also works outside secure contexts). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createPaymentIntent(body: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  return apiPost<CreatePaymentIntentResponse>('/api/stripe/create-payment-intent', body);
}

/**
 * The attempt's payment intent. The idempotency key makes the call safe to repeat (a remount, a
 * retry, a second tab of the same attempt all get the one intent), so it is read like a query;
 * it is never refetched on its own, and never kept once the page is left.
 */
export function usePaymentIntent(bundle: BundleName, idempotencyKey: string) {
  return useQuery({
    queryKey: ['payment-intent', bundle, idempotencyKey],
    queryFn: () => createPaymentIntent({ items: bundle, idempotencyKey }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Only an unreachable or failing server is worth asking again; a 4xx will not change.
    retry: (count, error) => count < 2 && ((error as ApiError).status === 0 || (error as ApiError).status >= 500),
  });
}
