import multipart from '@fastify/multipart';
import { clipdropCreditHeaders, type ClipdropErrorResponse } from '@lumigen/contract/drop-in';
import { clipdropPaths, type ToolId } from '@lumigen/contract/tools';
import type { FastifyError, FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { errorAnswer } from '../../plugins/error-handler.ts';
import type { RequestLimit } from '../../lib/request-limit.ts';
import { ApiKeyRefused } from '../api-keys/index.ts';
import { pngBody, pngBytes } from '../images/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import { acceptToolCall, type ToolsService, uploadLimits } from '../tools/index.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';

/**
 * Clipdrop's documented statuses: 400 for any request it cannot work with, 401 without a key,
 * 402 without credits, 403 for an invalid or revoked key (and here a key without the `tools`
 * scope), 429 slowed down; our 5xx stay what they are.
 */
function clipdropStatus(status: number, error: unknown): number {
  if (error instanceof ApiKeyRefused) return error.reason === 'missing' ? 401 : 403;
  if (status === 413 || status === 415 || status === 422) return 400;
  return status;
}

type OutputFormat = 'png' | 'webp' | 'jpeg';

/** Clipdrop follows the Accept header among PNG, WebP and JPEG; PNG otherwise. */
function formatFor(accept: string | undefined): OutputFormat {
  for (const range of (accept ?? '').split(',')) {
    const type = range.split(';')[0]!.trim().toLowerCase();
    if (type === 'image/png') return 'png';
    if (type === 'image/webp') return 'webp';
    if (type === 'image/jpeg' || type === 'image/jpg') return 'jpeg';
  }
  return 'png';
}

/**
 * `POST /clipdrop/<endpoint>` for the eight Clipdrop endpoints of docs/product.md §7 (decision 027):
 * code written for Clipdrop edits here by changing its base URL to `…/clipdrop` and its key
 * (`x-api-key: lk_…`, the `tools` scope). Multipart in with Clipdrop's field names, the image out
 * with `x-remaining-credits` and `x-credits-consumed`; failures as Clipdrop's `{ "error": "…" }`.
 * Each edit is a job charged to the key's owner, and the call waits for it.
 */
export async function clipdropRoutes(
  app: FastifyInstance,
  {
    tools,
    jobs,
    uploadsDir,
    uploadGuard,
    paidLimit,
  }: { tools: ToolsService; jobs: JobsService; uploadsDir: string; uploadGuard: UploadGuard; paidLimit: RequestLimit },
) {
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: false });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, headers, message } = errorAnswer(error, request, reply);
    const body: ClipdropErrorResponse = { error: message };
    return reply.code(clipdropStatus(status, error)).headers(headers).send(body);
  });

  for (const [tool, path] of Object.entries(clipdropPaths) as [ToolId, string][]) {
    app.post(
      `/clipdrop${path}`,
      { onRequest: app.requireApiKey('tools'), preHandler: paidLimit },
      async (request, reply) => {
        const key = request.apiKey!;
        const accepted = await acceptToolCall(
          request,
          tool,
          { tools, jobs, uploadsDir, uploadGuard },
          { userId: key.userId, apiKey: key, waits: true },
        );
        const { png, creditBalance } = await jobs.outcome(key.userId, accepted);
        const format = formatFor(request.headers.accept);
        // A stored PNG is sent as it is read; another format is made from its bytes.
        const image =
          format === 'png'
            ? pngBody(png)
            : await sharp(await pngBytes(png))
                [format]()
                .toBuffer();
        if (!Buffer.isBuffer(png) && format === 'png') reply.header('content-length', String(png.size));
        return reply
          .type(`image/${format}`)
          .header(clipdropCreditHeaders.remaining, String(creditBalance))
          .header(clipdropCreditHeaders.consumed, String(accepted.cost))
          .send(image);
      },
    );
  }
}
