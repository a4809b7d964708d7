import type { VerifyResendResponse } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Mails the signed-in user a new confirmation link. */
export function resendVerification(): Promise<VerifyResendResponse> {
  return apiPost<VerifyResendResponse>('/api/user/verify-resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
