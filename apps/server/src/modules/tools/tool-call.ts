import { messages } from '@lumigen/contract/messages';
import { toolIds, type ToolId } from '@lumigen/contract/tools';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { KeyCharge } from '../credits/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import type { ToolsService } from './tools.service.ts';
import { readToolUpload } from './tool-upload.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';

const isToolId = (value: string): value is ToolId => (toolIds as readonly string[]).includes(value);

/**
 * A tool call's multipart body, judged (docs/decisions/007: every 4xx before any charge) and
 * submitted as the caller's job (the signed-in user, or the owner of an API key), which copies the checked files before it returns: the
 * upload's directory is deleted as soon as the submission settles, however it settles. A balance
 * that cannot pay is answered 402 before the body is read, so no picture is decoded for nothing.
 */
export async function acceptToolCall(
  request: FastifyRequest,
  tool: string,
  {
    tools,
    jobs,
    uploadsDir,
    uploadGuard,
  }: { tools: ToolsService; jobs: JobsService; uploadsDir: string; uploadGuard: UploadGuard },
  {
    userId,
    apiKey,
    waits = false,
  }: {
    userId: string;
    apiKey?: KeyCharge | undefined;
    /** The caller waits for the picture and sees no preview: none is asked for (docs/decisions/058). */
    waits?: boolean;
  },
): ReturnType<JobsService['submit']> {
  if (!isToolId(tool)) throw new AppError('not_found', messages.tool.unknown(tool));
  await jobs.assertCanPay(userId, jobs.costOf(tool), apiKey);
  const admission = await uploadGuard.admit(userId, { manyPictures: false });
  try {
    const upload = await readToolUpload(request, tool, uploadsDir, admission.budget);
    try {
      const { params, files } = await tools.check(tool, upload);
      return await jobs.submit(userId, tool, waits ? { ...params, previews: false } : params, files, apiKey);
    } finally {
      await upload.dispose();
    }
  } finally {
    admission.release();
  }
}
