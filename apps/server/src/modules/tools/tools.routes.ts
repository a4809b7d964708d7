import multipart from '@fastify/multipart';
import { messages } from '@lumigen/contract/messages';
import type { JobAcceptedResponse } from '@lumigen/contract/jobs';
import type { ToolResponse } from '@lumigen/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { RequestLimit } from '../../lib/request-limit.ts';
import { imageAnswerStream } from '../images/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import { acceptToolCall } from './tool-call.ts';
import { uploadLimits } from './tool-upload.ts';
import type { ToolsService } from './tools.service.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';

/**
 * `POST /api/jobs/tools/<tool>` accepts an edit as a job (202; watched under /api/jobs).
 * `POST /api/image/tools/<tool>`: multipart with Clipdrop's field names, one credit per edit; the
 * edit is a job like any other (`/api/jobs/tools/<tool>`), and this call waits for it. The
 * answer is `ToolResponse`, streamed (see `images/image-answer.ts`).
 */
export async function toolsRoutes(
  app: FastifyInstance,
  {
    tools,
    jobs,
    uploadsDir,
    uploadGuard,
    paidLimit,
  }: { tools: ToolsService; jobs: JobsService; uploadsDir: string; uploadGuard: UploadGuard; paidLimit: RequestLimit },
) {
  // Registered here, so multipart bodies are parsed on these routes only.
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: false });

  app.post<{ Params: { tool: string } }>(
    '/api/jobs/tools/:tool',
    { onRequest: app.requireAuth, preHandler: paidLimit },
    async (request, reply): Promise<JobAcceptedResponse> => {
      const { jobId, status } = await acceptToolCall(
        request,
        request.params.tool,
        { tools, jobs, uploadsDir, uploadGuard },
        { userId: request.auth.userId },
      );
      reply.code(202);
      return { success: true, jobId, status };
    },
  );

  app.post<{ Params: { tool: string } }>(
    '/api/image/tools/:tool',
    { onRequest: app.requireAuth, preHandler: paidLimit },
    async (request, reply) => {
      const accepted = await acceptToolCall(
        request,
        request.params.tool,
        { tools, jobs, uploadsDir, uploadGuard },
        { userId: request.auth.userId, waits: true },
      );
      const { imageId, png, creditBalance } = await jobs.outcome(request.auth.userId, accepted);
      reply.type('application/json; charset=utf-8');
      return reply.send(
        imageAnswerStream<ToolResponse>({
          success: true,
          message: messages.imageEdited,
          creditBalance,
          imageId,
          image: png,
        }),
      );
    },
  );
}
