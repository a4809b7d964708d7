import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { editMessages, maxEditImages } from '@lumigen/contract/edit';
import { messages } from '@lumigen/contract/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SpillBudget } from '../../lib/upload-guard.ts';
import { spillFilePart, uploadError, uploadLimits, type UploadedFile } from './tool-upload.ts';

/** An edit's multipart body as it came: its pictures in order, its mask, its text fields; files unchecked. */
export type EditUpload = {
  images: UploadedFile[];
  mask?: UploadedFile | undefined;
  fields: Record<string, string>;
  dispose(): Promise<void>;
};

/**
 * The field names a body uses, ours (`image_file`, `mask_file`) or OpenAI's (`image`/`image[]`,
 * `mask`), and its mask's convention: ours is white where the picture may change, OpenAI's is
 * fully transparent there (a PNG with alpha).
 */
export type EditFieldNames = {
  images: readonly string[];
  mask: readonly string[];
  maskChanges: 'white' | 'transparent';
  /** The text fields in our terms, from another API's (OpenAI's); its refusals are its own. */
  fields?: (sent: Record<string, string>) => Record<string, string>;
};

/**
 * busboy's limits for an edit: one file more than the pictures and mask it may hold, so a fifth
 * picture is refused by name (400) rather than by the parser's count.
 */
export const editUploadLimits = {
  ...uploadLimits,
  files: maxEditImages + 2,
  fields: 16,
  parts: 22,
  // A 4000-character prompt is at most 16,000 bytes of UTF-8.
  fieldSize: 16 * 1024,
};

/**
 * Reads an edit's body as it streams in, each file spilled to a directory of the request's own
 * (docs/decisions/011), at most `maxEditImages` pictures and one mask. On any failure here the
 * directory is already gone; otherwise the caller disposes of it.
 */
export async function readEditUpload(
  request: FastifyRequest,
  names: EditFieldNames,
  uploadsDir: string,
  budget?: SpillBudget,
): Promise<EditUpload> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.tool.notMultipart);
  const images: UploadedFile[] = [];
  let mask: UploadedFile | undefined;
  const fields = new Map<string, string>();
  const dir = await mkdtemp(path.join(uploadsDir, 'edit-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const role = names.images.includes(name) ? 'image' : names.mask.includes(name) ? 'mask' : undefined;
      if (part.type === 'file') {
        if (!role) throw new AppError('bad_request', messages.tool.unknownField(name));
        if (role === 'mask' && mask) throw new AppError('bad_request', editMessages.maskTwice);
        if (role === 'image' && images.length === maxEditImages)
          throw new AppError('bad_request', editMessages.tooManyImages(images.length + 1));
        const file = path.join(dir, role === 'mask' ? 'mask' : `image-${images.length + 1}`);
        const uploaded = { field: name, path: file, size: (await spillFilePart(part, file, false, budget)).size };
        if (role === 'mask') mask = uploaded;
        else images.push(uploaded);
      } else {
        if (role) throw new AppError('bad_request', messages.tool.notAFile(name));
        if (fields.has(name)) throw new AppError('bad_request', messages.tool.sentTwice(name));
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('bad_request', messages.tool.fieldTooLong(name));
        fields.set(name, String(part.value));
      }
    }
  } catch (error) {
    await dispose();
    throw uploadError(error);
  }
  return { images, mask, fields: Object.fromEntries(fields), dispose };
}
