import type { JobAcceptedResponse } from '@lumigen/contract/jobs';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Queues an edit with words: the pictures (the one to change first), the mask and the text fields, as multipart. */
export function submitEdit(fields: Array<[string, string | Blob]>): Promise<JobAcceptedResponse> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return apiPost<JobAcceptedResponse>('/api/jobs/edit', form);
}

/** One edit; `fields` may be prepared slowly (a painted mask), so it is busy from the start. */
export function useSubmitEdit() {
  return useMutation({
    mutationFn: async (fields: () => Promise<Array<[string, string | Blob]>>) => submitEdit(await fields()),
  });
}
