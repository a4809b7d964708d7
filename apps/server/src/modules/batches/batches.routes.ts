import multipart from '@fastify/multipart';
import {
  batchToolField,
  batchToolIds,
  batchMessages,
  type BatchAcceptedResponse,
  type BatchResponse,
  type BatchToolId,
} from '@lumigen/contract/batches';
import { messages } from '@lumigen/contract/messages';
import { toolFields } from '@lumigen/contract/tool-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { RequestLimit } from '../../lib/request-limit.ts';
import type { JobsService } from '../paid-work/index.ts';
import { batchUploadLimits, readPaidBatchUpload } from './batch-upload.ts';
import type { BatchesService } from './batches.service.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';

const batchIdParams = z.object({ id: z.string() });

/** The batch's tool, from its `tool` field: 400 naming what is wrong (cleanup runs one picture at a time). */
function toolOf(value: string | undefined): BatchToolId {
  if (value === undefined) throw new AppError('bad_request', batchMessages.toolMissing);
  if (value === 'cleanup') throw new AppError('bad_request', batchMessages.cleanupOneByOne);
  if (!(batchToolIds as readonly string[]).includes(value))
    throw new AppError('bad_request', messages.tool.unknown(value));
  return value as BatchToolId;
}

/** Batches (decision 028): one tool on up to 50 pictures, followed as one, downloaded as one ZIP. */
export async function batchesRoutes(
  app: FastifyInstance,
  {
    batches,
    jobs,
    uploadsDir,
    uploadGuard,
    paidLimit,
  }: {
    batches: BatchesService;
    jobs: JobsService;
    uploadsDir: string;
    uploadGuard: UploadGuard;
    paidLimit: RequestLimit;
  },
) {
  // Registered here, so multipart bodies are parsed on these routes only, with a batch's limits.
  await app.register(multipart, { limits: batchUploadLimits, throwFileSizeLimit: false });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireAuth);

  r.post('/api/batches', { preHandler: paidLimit }, async (request, reply): Promise<BatchAcceptedResponse> => {
    const { userId } = request.auth;
    // The tool is named inside the body, so the cheapest tool's price judges the reading; the
    // batch's reservation, at its tool's price, decides.
    const upload = await readPaidBatchUpload(
      request,
      { jobs, uploadGuard, uploadsDir },
      userId,
      Math.min(...batchToolIds.map((tool) => jobs.costOf(tool))),
    );
    try {
      const { [batchToolField]: tool, ...raw } = upload.fields;
      const batchTool = toolOf(tool);
      const parsed = toolFields[batchTool].safeParse(raw);
      if (!parsed.success)
        throw new AppError('bad_request', parsed.error.issues[0]?.message ?? messages.tool.malformed);
      const batchId = await batches.accept(
        userId,
        { tool: batchTool, recipeId: null, steps: [{ tool: batchTool, fields: parsed.data }] },
        upload,
      );
      reply.code(202);
      return { success: true, batchId };
    } finally {
      await upload.dispose();
    }
  });

  r.get('/api/batches/:id', { schema: { params: batchIdParams } }, async (request): Promise<BatchResponse> => {
    return { success: true, batch: await batches.get(request.auth.userId, request.params.id) };
  });

  r.post('/api/batches/:id/cancel', { schema: { params: batchIdParams } }, async (request): Promise<BatchResponse> => {
    return { success: true, batch: await batches.cancel(request.auth.userId, request.params.id) };
  });

  r.get('/api/batches/:id/zip', { schema: { params: batchIdParams } }, async (request, reply) => {
    const archive = await batches.zip(request.auth.userId, request.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="lumigen-batch-${request.params.id.slice(0, 8)}.zip"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });
}
