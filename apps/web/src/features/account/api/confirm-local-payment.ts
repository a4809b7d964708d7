import type { LocalConfirmRequest, LocalConfirmResponse } from '@lumigen/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Test mode's stand-in for Stripe.js's confirmPayment: 402 with Stripe's text when the card is refused. */
export function confirmLocalPayment(body: LocalConfirmRequest): Promise<LocalConfirmResponse> {
  return apiPost<LocalConfirmResponse>('/api/payments/local/confirm', body);
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
