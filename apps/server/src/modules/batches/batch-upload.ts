import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { batchMaxPictures, batchMessages } from '@lumigen/contract/batches';
import { messages } from '@lumigen/contract/messages';
import { imageField, maxUploadBytes } from '@lumigen/contract/tools';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SpillBudget, UploadGuard } from '../../lib/upload-guard.ts';
import type { JobsService } from '../paid-work/index.ts';
import { spillFilePart, uploadError, uploadLimits, type UploadedFile } from '../tools/index.ts';

/** One picture of a batch as it arrived: its file on disk (unchecked), or why it was refused already. */
export type BatchPicture = { name: string; file: UploadedFile; refusal?: AppError };

/** A batch's multipart body: its pictures in the order sent, its text fields, and a way to delete the files. */
export type BatchUpload = { pictures: BatchPicture[]; fields: Record<string, string>; dispose(): Promise<void> };

/** busboy's limits for a batch: up to 50 pictures of 30 MB each, and a tool's few text fields. */
export const batchUploadLimits = {
  ...uploadLimits,
  files: batchMaxPictures,
  parts: batchMaxPictures + uploadLimits.fields,
};

const megabytes = maxUploadBytes / (1024 * 1024);

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/** The file name as the user knows it: no folders, no control characters, not too long. */
function displayName(filename: string | undefined, position: number): string {
  const base = path
    .basename((filename ?? '').replace(/\\/g, '/'))
    .replace(controlCharacters, '')
    .trim();
  return base.slice(0, 120) || `picture-${position + 1}`;
}

/**
 * Reads a batch's multipart body as it streams in, every `image_file` part to a file of the
 * request's own directory, and answers 402 at the first picture beyond what the balance pays for. A picture larger than the limit does not stop the request: it becomes
 * a refused picture (never charged) and the others go on. Text fields are kept as sent, each once.
 * On any failure here the directory is already gone; otherwise the caller disposes of it.
 */
export async function readBatchUpload(
  request: FastifyRequest,
  uploadsDir: string,
  affordable: { pictures: number; balance: number; price: number },
  budget?: SpillBudget,
): Promise<BatchUpload> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.tool.notMultipart);
  const pictures: BatchPicture[] = [];
  const fields = new Map<string, string>();
  const dir = await mkdtemp(path.join(uploadsDir, 'batch-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (name !== imageField) throw new AppError('bad_request', messages.tool.unknownField(name));
        // One picture more than the balance pays for: the rest of the body is not worth reading.
        if (pictures.length >= affordable.pictures) {
          throw new AppError(
            'insufficient_credit',
            batchMessages.balancePaysFor(affordable.pictures, affordable.price, affordable.balance),
            {
              extra: { creditBalance: affordable.balance },
              headers: { connection: 'close' },
            },
          );
        }
        const file = path.join(dir, String(pictures.length));
        const { size, tooLarge } = await spillFilePart(part, file, true, budget);
        const picture: BatchPicture = {
          name: displayName(part.filename, pictures.length),
          file: { field: imageField, path: file, size },
        };
        if (tooLarge)
          picture.refusal = new AppError('payload_too_large', messages.tool.fileTooLarge(imageField, megabytes));
        pictures.push(picture);
      } else {
        if (name === imageField) throw new AppError('bad_request', messages.tool.notAFile(name));
        if (fields.has(name)) throw new AppError('bad_request', messages.tool.sentTwice(name));
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('bad_request', messages.tool.fieldTooLong(name));
        fields.set(name, String(part.value));
      }
    }
    if (pictures.length === 0) throw new AppError('bad_request', messages.tool.fileMissing(imageField));
  } catch (error) {
    await dispose();
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT')
      throw new AppError('payload_too_large', batchMessages.tooMany, { cause: error });
    throw uploadError(error);
  }
  return { pictures, fields: Object.fromEntries(fields), dispose };
}

/**
 * A paid batch's upload (a batch, a recipe's run): a balance that cannot pay for one picture at
 * `price` is told so before a byte is read, the upload is admitted (concurrent uploads, spill
 * space, free disk), then read, stopping at the first picture the balance cannot pay for. Its
 * `dispose` deletes the files and ends the admission; on any failure both are done already.
 */
export async function readPaidBatchUpload(
  request: FastifyRequest,
  { jobs, uploadGuard, uploadsDir }: { jobs: JobsService; uploadGuard: UploadGuard; uploadsDir: string },
  userId: string,
  price: number,
): Promise<BatchUpload> {
  const affordable = await jobs.picturesAffordable(userId, price);
  const admission = await uploadGuard.admit(userId, { manyPictures: true });
  let upload: BatchUpload;
  try {
    upload = await readBatchUpload(request, uploadsDir, affordable, admission.budget);
  } catch (error) {
    admission.release();
    throw error;
  }
  return {
    ...upload,
    async dispose() {
      try {
        await upload.dispose();
      } finally {
        admission.release();
      }
    },
  };
}
