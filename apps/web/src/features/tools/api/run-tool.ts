import type { ToolId, ToolResponse } from '@lumigen/contract/tools';
import { apiPost } from '../../../lib/api.ts';

/** Sends the image and the tool's fields as multipart, with Clipdrop's field names. */
export function runTool(tool: ToolId, fields: Record<string, string | Blob>): Promise<ToolResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return apiPost<ToolResponse>(`/api/image/tools/${tool}`, form);
}
