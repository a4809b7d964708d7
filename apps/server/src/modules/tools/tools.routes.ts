import multipart from '@fastify/multipart';
import { messages } from '@lumigen/contract/messages';
import { toolIds, type ToolId, type ToolResponse } from '@lumigen/contract/tools';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { imageAnswerStream } from '../images/image-answer.ts';
import { readToolUpload, uploadLimits } from './tool-upload.ts';
import type { Edited, ToolsService } from './tools.service.ts';

const isToolId = (value: string): value is ToolId => (toolIds as readonly string[]).includes(value);

/**
 * `POST /api/image/tools/<tool>`: multipart with Clipdrop's field names, one credit per edit; the
 * answer is `ToolResponse`, streamed (see `images/image-answer.ts`).
 */
export async function toolsRoutes(app: FastifyInstance, { tools, uploadsDir }: { tools: ToolsService; uploadsDir: string }) {
  // Registered here, so multipart bodies are parsed on these routes only.
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: false });

  app.post<{ Params: { tool: string } }>('/api/image/tools/:tool', { onRequest: app.requireAuth }, async (request, reply) => {
    const { tool } = request.params;
    if (!isToolId(tool)) throw new AppError('not_found', messages.tool.unknown(tool));
    const upload = await readToolUpload(request, tool, uploadsDir);
    let edited: Edited;
    try {
      edited = await tools.edit(request.auth.userId, tool, upload, request.log);
    } finally {
      await upload.dispose();
    }
    const { imageId, png, creditBalance } = edited;
    reply.type('application/json; charset=utf-8');
    return reply.send(imageAnswerStream<ToolResponse>({ success: true, message: messages.imageEdited, creditBalance, imageId, image: png }));
  });
}
