import type { JobAcceptedResponse } from '@lumigen/contract/jobs';
import type { ToolId } from '@lumigen/contract/tools';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Queues an edit: the image and the tool's fields as multipart, with Clipdrop's field names. */
export function submitTool(tool: ToolId, fields: Record<string, string | Blob>): Promise<JobAcceptedResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return apiPost<JobAcceptedResponse>(`/api/jobs/tools/${tool}`, form);
}

/** One edit of `tool`; `fields` may be prepared slowly (a painted mask), so it is busy from the start. */
export function useSubmitTool(tool: ToolId) {
  return useMutation({
    mutationFn: async (fields: () => Promise<Record<string, string | Blob>>) => submitTool(tool, await fields()),
  });
}
