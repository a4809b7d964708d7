import type { ContactRequest, MarketingResponse } from '@lumigen/contract/marketing';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Stores a contact-form message (docs/architecture.md §4: docs/product.md's form made no call; ours does). */
export function sendContact(body: ContactRequest): Promise<MarketingResponse> {
  return apiPost<MarketingResponse>('/api/contact', body);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
