import type { VerifyEmailRequest, VerifyEmailResponse } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Confirms an address with a mailed link's token (sign-up's, a resend's, or a change of address). */
export function verifyEmail(body: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return apiPost<VerifyEmailResponse>('/api/user/verify', body);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
