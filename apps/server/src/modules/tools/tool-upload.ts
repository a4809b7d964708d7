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

/**
 * A file part's bytes, at most `maxUploadBytes` of them. They are copied as they arrive into one
 * buffer sized by `room` (what is left of the body's Content-Length, which Node holds the client
 * to), so a 10 MB upload costs 10 MB rather than a list of chunks plus a copy of them; without a
 * length the buffer starts at 1 MB and doubles.
 */
async function readFilePart(part: MultipartFile, room: number | undefined): Promise<Buffer> {
  const tooLarge = () =>
    // A client still sending gigabytes is not worth reading to the end: close the connection.
    new AppError('payload_too_large', messages.tool.fileTooLarge(part.fieldname, megabytes), { headers: { connection: 'close' } });
  let buffer = Buffer.allocUnsafeSlow(Math.min(room ?? 1024 * 1024, maxUploadBytes));
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) throw tooLarge();
    if (size + chunk.length > buffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(size + chunk.length, Math.min(buffer.length * 2, maxUploadBytes)));
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    chunk.copy(buffer, size);
    size += chunk.length;
  }
  if (part.file.truncated) throw tooLarge();
  // A buffer sized by the whole body (cleanup's image, read before its mask) gives back the rest.
  return size < buffer.length / 2 ? Buffer.from(buffer.subarray(0, size)) : buffer.subarray(0, size);
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
  const declared = Number(request.headers['content-length']);
  let read = 0;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const role = name === imageField ? 'image' : isMaskField(name) ? 'mask' : undefined;
      if (part.type === 'file') {
        if (!role) throw new AppError('bad_request', messages.tool.unknownField(name));
        if (files[role]) throw new AppError('bad_request', messages.tool.sentTwice(role === 'mask' ? 'mask' : name));
        const bytes = await readFilePart(part, Number.isSafeInteger(declared) ? Math.max(declared - read, 0) : undefined);
        read += bytes.length;
        files[role] = { field: name, bytes };
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
