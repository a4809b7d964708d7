import { messages } from '@lumigen/contract/messages';
import { toolIds, type ToolId } from '@lumigen/contract/tools';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { ToolJobParams, ToolsService } from './tools.service.ts';
import { readToolUpload } from './tool-upload.ts';

const isToolId = (value: string): value is ToolId => (toolIds as readonly string[]).includes(value);

/**
 * A tool call's multipart body, judged (docs/decisions/007: every 4xx before any charge) and
 * handed to `accept` with the checked files, which it must copy before it returns: the upload's
 * directory is deleted as soon as `accept` settles, however it settles.
 */
export async function acceptToolCall<T>(
  request: FastifyRequest<{ Params: { tool: string } }>,
  { tools, uploadsDir }: { tools: ToolsService; uploadsDir: string },
  accept: (tool: ToolId, params: ToolJobParams, files: Record<string, string>) => Promise<T>,
): Promise<T> {
  const { tool } = request.params;
  if (!isToolId(tool)) throw new AppError('not_found', messages.tool.unknown(tool));
  const upload = await readToolUpload(request, tool, uploadsDir);
  try {
    const { params, files } = await tools.check(tool, upload);
    return await accept(tool, params, files);
  } finally {
    await upload.dispose();
  }
}
