import type { AddCreditRequest, AddCreditResponse } from '@lumigen/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** After the provider confirmed: the server checks the intent and grants its credits once. */
export function addCredit(body: AddCreditRequest): Promise<AddCreditResponse> {
  return apiPost<AddCreditResponse>('/api/image/add-credit', body);
}

export function useAddCredit() {
  return useMutation({ mutationFn: addCredit });
}
