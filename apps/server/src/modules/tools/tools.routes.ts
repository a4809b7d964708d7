import multipart from '@fastify/multipart';
import { pngDataUrlPrefix } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import { toolIds, type ToolId, type ToolResponse } from '@lumigen/contract/tools';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { readToolUpload, uploadLimits } from './tool-upload.ts';
import type { ToolsService } from './tools.service.ts';

const isToolId = (value: string): value is ToolId => (toolIds as readonly string[]).includes(value);

/** `POST /api/image/tools/<tool>`: multipart with Clipdrop's field names, one credit per edit. */
export async function toolsRoutes(app: FastifyInstance, { tools }: { tools: ToolsService }) {
  // Registered here, so multipart bodies are parsed on these routes only.
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: false });

  app.post<{ Params: { tool: string } }>('/api/image/tools/:tool', { onRequest: app.requireAuth }, async (request): Promise<ToolResponse> => {
    const { tool } = request.params;
    if (!isToolId(tool)) throw new AppError('not_found', messages.tool.unknown(tool));
    const upload = await readToolUpload(request, tool);
    const { imageId, png, creditBalance } = await tools.edit(request.auth.userId, tool, upload, request.log);
    return { success: true, message: messages.imageEdited, image: pngDataUrlPrefix + png.toString('base64'), creditBalance, imageId };
  });
}
