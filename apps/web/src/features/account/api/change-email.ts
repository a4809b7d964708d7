import type { AccountActionResponse, ChangeEmailRequest } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Nothing changes yet: the server mails a link to the new address, and opening it makes the change. */
export function changeEmail(body: ChangeEmailRequest): Promise<AccountActionResponse> {
  return apiPost<AccountActionResponse>('/api/user/change-email', body);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
