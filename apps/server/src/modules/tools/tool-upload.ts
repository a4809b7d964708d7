import type { MultipartFile } from '@fastify/multipart';
import { messages } from '@lumigen/contract/messages';
import { imageField, maskFields, maxUploadBytes, type ToolId } from '@lumigen/contract/tools';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export type UploadedFile = { field: string; bytes: Buffer };

/** A tool call's multipart body: its files, unchecked, and its text fields as sent. */
export type ToolUpload = { image?: UploadedFile; mask?: UploadedFile; fields: Record<string, string> };

/**
 * Hard limits for busboy (set where the multipart plugin is registered, with
 * `throwFileSizeLimit: false` so that `readFilePart` names the field that is too large), so a body can hold at most two files of 30 MB and a handful of short
 * text fields; anything beyond stops the parse with a 413 or 400 naming the problem.
 */
export const uploadLimits = {
  fileSize: maxUploadBytes,
  files: 2,
  fields: 12,
  parts: 14,
  // The longest text is replace-background's 1000-character prompt: 4000 bytes of UTF-8 at most.
  fieldSize: 8 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

const megabytes = maxUploadBytes / (1024 * 1024);

/** A file part's bytes; at most `maxUploadBytes` of them are ever held. */
async function readFilePart(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () =>
    // A client still sending gigabytes is not worth reading to the end: close the connection.
    new AppError('payload_too_large', messages.tool.fileTooLarge(part.fieldname, megabytes), { headers: { connection: 'close' } });
  for await (const chunk of part.file) {
    if (part.file.truncated) throw tooLarge();
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (part.file.truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
}

/** What @fastify/multipart and busboy throw, in words for the user. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError('payload_too_large', messages.tool.tooManyFiles, { cause: error });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('payload_too_large', messages.tool.tooManyFields, { cause: error });
  // Everything else the parser throws (no boundary, a part cut short, a client gone, a prototype
  // key) is a body that is not well-formed multipart.
  return new AppError('bad_request', messages.tool.malformed, { cause: error });
}

/**
 * Reads a tool call's multipart body as it streams in: file parts into memory up to their limit,
 * text fields as strings. Field names are checked here (`image_file`; `mask` or `mask_file` for
 * cleanup; each once); their contents are checked by `tool-input.ts`.
 */
export async function readToolUpload(request: FastifyRequest, tool: ToolId): Promise<ToolUpload> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.tool.notMultipart);
  const files: Pick<ToolUpload, 'image' | 'mask'> = {};
  const fields = new Map<string, string>();
  const isMaskField = (name: string) => tool === 'cleanup' && (maskFields as readonly string[]).includes(name);
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const role = name === imageField ? 'image' : isMaskField(name) ? 'mask' : undefined;
      if (part.type === 'file') {
        if (!role) throw new AppError('bad_request', messages.tool.unknownField(name));
        if (files[role]) throw new AppError('bad_request', messages.tool.sentTwice(role === 'mask' ? 'mask' : name));
        files[role] = { field: name, bytes: await readFilePart(part) };
      } else {
        if (role) throw new AppError('bad_request', messages.tool.notAFile(name));
        if (fields.has(name)) throw new AppError('bad_request', messages.tool.sentTwice(name));
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('bad_request', messages.tool.fieldTooLong(name));
        fields.set(name, String(part.value));
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { ...files, fields: Object.fromEntries(fields) };
}
