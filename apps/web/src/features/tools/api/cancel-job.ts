import type { CancelJobResponse } from '@lumigen/contract/jobs';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Stops a queued or running job; the server refunds its credit (409 once it has finished). */
export function cancelJob(jobId: string): Promise<CancelJobResponse> {
  return apiPost<CancelJobResponse>(`/api/jobs/${encodeURIComponent(jobId)}/cancel`);
}

export function useCancelJob() {
  return useMutation({ mutationFn: cancelJob });
}
