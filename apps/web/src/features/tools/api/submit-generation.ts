import type { GenerateImageRequest } from '@lumigen/contract/generation';
import type { JobAcceptedResponse } from '@lumigen/contract/jobs';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Queues a generation (generate-image's body); the answer names the job to follow. */
export function submitGeneration(body: GenerateImageRequest): Promise<JobAcceptedResponse> {
  return apiPost<JobAcceptedResponse>('/api/jobs/generate', body);
}

export function useSubmitGeneration() {
  return useMutation({ mutationFn: submitGeneration });
}
