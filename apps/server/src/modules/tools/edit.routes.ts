import multipart from '@fastify/multipart';
import type { JobAcceptedResponse } from '@lumigen/contract/jobs';
import type { FastifyInstance } from 'fastify';
import type { RequestLimit } from '../../lib/request-limit.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';
import type { JobsService } from '../paid-work/index.ts';
import { acceptEditCall, ourEditFields } from './edit-call.ts';
import { editUploadLimits } from './edit-upload.ts';
import type { EditService } from './edit.service.ts';

/** `POST /api/jobs/edit`: an edit with words as a job (202; watched under /api/jobs). */
export async function editRoutes(
  app: FastifyInstance,
  {
    edit,
    jobs,
    uploadsDir,
    uploadGuard,
    paidLimit,
  }: { edit: EditService; jobs: JobsService; uploadsDir: string; uploadGuard: UploadGuard; paidLimit: RequestLimit },
) {
  // Registered here, so multipart bodies are parsed on this route only, with an edit's limits.
  await app.register(multipart, { limits: editUploadLimits, throwFileSizeLimit: false });
  app.post(
    '/api/jobs/edit',
    { onRequest: app.requireAuth, preHandler: paidLimit },
    async (request, reply): Promise<JobAcceptedResponse> => {
      const { jobId, status } = await acceptEditCall(
        request,
        ourEditFields,
        { edit, jobs, uploadsDir, uploadGuard },
        { userId: request.auth.userId },
      );
      reply.code(202);
      return { success: true, jobId, status };
    },
  );
}
