import type { ResetRequestRequest, ResetRequestResponse } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

export function requestReset(body: ResetRequestRequest): Promise<ResetRequestResponse> {
  return apiPost<ResetRequestResponse>('/api/user/reset-request', body);
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
