import type { AccountActionResponse, DeleteAccountRequest } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** The account, its images and its sessions end; the caller's token stops working with the answer. */
export function deleteAccount(body: DeleteAccountRequest): Promise<AccountActionResponse> {
  return apiPost<AccountActionResponse>('/api/user/delete', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
