import type { ToolId, ToolResponse } from '@lumigen/contract/tools';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** Sends the image and the tool's fields as multipart, with Clipdrop's field names. */
export function runTool(tool: ToolId, fields: Record<string, string | Blob>): Promise<ToolResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return apiPost<ToolResponse>(`/api/image/tools/${tool}`, form);
}

/** One run of `tool`; `fields` may be prepared slowly (a painted mask), so the run is busy from the start. */
export function useRunTool(tool: ToolId) {
  return useMutation({ mutationFn: async (fields: () => Promise<Record<string, string | Blob>>) => runTool(tool, await fields()) });
}
