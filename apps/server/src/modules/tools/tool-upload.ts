import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { messages } from '@lumigen/contract/messages';
import { imageField, maskFields, maxUploadBytes, type ToolId } from '@lumigen/contract/tools';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SpillBudget } from '../../lib/upload-guard.ts';

/** An uploaded file, spilled to a temporary file as it arrived: its path and its size in bytes. */
export type UploadedFile = { field: string; path: string; size: number };

/**
 * A tool call's multipart body: its files (on disk, unchecked) and its text fields as sent.
 * `dispose` deletes the request's directory of files, with anything written beside them.
 */
export type ToolUpload = {
  image?: UploadedFile;
  mask?: UploadedFile;
  fields: Record<string, string>;
  dispose(): Promise<void>;
};

/**
 * Hard limits for busboy (set where the multipart plugin is registered, with
 * `throwFileSizeLimit: false` so that `spillFilePart` names the field that is too large), so a
 * body can hold at most two files of 30 MB and a handful of short text fields; anything beyond
 * stops the parse with a 413 or 400 naming the problem.
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
 * Writes a file part to `file` as it streams in, at most `maxUploadBytes` of it, and returns its
 * size. The process holds a chunk or two of it at a time (the write stream's backpressure pauses
 * the request), not the file: 20 uploads of 10 MB at once cost a few MB of memory, not 200
 * (docs/decisions/011-uploads-spill-to-disk.md). A file past the limit stops the request (413),
 * or with `keepGoing` (a batch, where one picture too large is one refused item) is read to its
 * end by busboy, which drops what is beyond the limit, and reported as `tooLarge`.
 */
export async function spillFilePart(
  part: MultipartFile,
  file: string,
  keepGoing = false,
  budget?: SpillBudget,
): Promise<{ size: number; tooLarge: boolean }> {
  const tooLarge = () =>
    // A client still sending gigabytes is not worth reading to the end: close the connection.
    new AppError('payload_too_large', messages.tool.fileTooLarge(part.fieldname, megabytes), {
      headers: { connection: 'close' },
    });
  let size = 0;
  await pipeline(
    part.file,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        if (part.file.truncated && !keepGoing) throw tooLarge();
        budget?.take(chunk.length);
        size += chunk.length;
        yield chunk;
      }
      if (part.file.truncated && !keepGoing) throw tooLarge();
    },
    createWriteStream(file, { flags: 'wx' }),
  );
  return { size, tooLarge: part.file.truncated };
}

/** What @fastify/multipart and busboy throw, in words for the user. */
export function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('payload_too_large', messages.tool.tooManyFiles, { cause: error });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('payload_too_large', messages.tool.tooManyFields, { cause: error });
  // Everything else the parser throws (no boundary, a part cut short, a client gone, a prototype
  // key) is a body that is not well-formed multipart.
  return new AppError('bad_request', messages.tool.malformed, { cause: error });
}

/** No tool call lasts this long: an upload directory untouched for an hour was left by a process that is gone. */
export const staleUploadMs = 60 * 60 * 1000;

/**
 * Deletes what crashed processes left in `uploadsDir`. Other instances may share the data
 * directory, so only directories whose every file has been untouched for `staleUploadMs` go:
 * a live upload is written to as it arrives.
 */
export async function removeStaleUploads(uploadsDir: string, now = Date.now()) {
  await mkdir(uploadsDir, { recursive: true });
  for (const entry of await readdir(uploadsDir)) {
    const dir = path.join(uploadsDir, entry);
    const inside = await readdir(dir).catch(() => []);
    const times = await Promise.all(
      [dir, ...inside.map((name) => path.join(dir, name))].map((file) =>
        stat(file).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      ),
    );
    if (now - Math.max(...times) > staleUploadMs) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reads a tool call's multipart body as it streams in: file parts to files of a directory of the
 * request's own (in `uploadsDir`), up to their limit; text fields as strings. Field names are
 * checked here (`image_file`; `mask` or `mask_file` for cleanup; each once); their contents are
 * checked by `tool-input.ts`. The caller disposes of the upload when done with it; on any
 * failure here (a client gone mid-upload included) the directory is already gone.
 */
export async function readToolUpload(
  request: FastifyRequest,
  tool: ToolId,
  uploadsDir: string,
  budget?: SpillBudget,
): Promise<ToolUpload> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.tool.notMultipart);
  const files: Pick<ToolUpload, 'image' | 'mask'> = {};
  const fields = new Map<string, string>();
  const isMaskField = (name: string) => tool === 'cleanup' && (maskFields as readonly string[]).includes(name);
  const dir = await mkdtemp(path.join(uploadsDir, 'upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const role = name === imageField ? 'image' : isMaskField(name) ? 'mask' : undefined;
      if (part.type === 'file') {
        if (!role) throw new AppError('bad_request', messages.tool.unknownField(name));
        if (files[role]) throw new AppError('bad_request', messages.tool.sentTwice(role === 'mask' ? 'mask' : name));
        const file = path.join(dir, role);
        files[role] = { field: name, path: file, size: (await spillFilePart(part, file, false, budget)).size };
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
  return { ...files, fields: Object.fromEntries(fields), dispose };
}
