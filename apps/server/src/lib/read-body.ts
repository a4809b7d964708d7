import { open, rm, type FileHandle } from 'node:fs/promises';
import type { PngFile } from './image-bytes.ts';

/**
 * A provider's answer body, holding at most `limit` bytes of it: null as soon as it is larger
 * (the rest is never read: leaving the loop cancels the stream).
 */
export async function readBodyUpTo(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** `write` may take part of a buffer: the rest follows. */
async function writeAll(file: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += (await file.write(bytes, at)).bytesWritten;
}

/**
 * A provider's answer body of at most `limit` bytes: held when it is `hold` bytes or fewer, else
 * written to `file` as it arrives (from its first byte when its declared length says so), so a
 * large picture costs a chunk or two of memory, not its size (docs/decisions/043). Null as soon
 * as it is larger than `limit`, with no file left.
 */
export async function readBodyHoldingUpTo(
  response: Response,
  { limit, hold, file }: { limit: number; hold: number; file: string },
): Promise<Buffer | PngFile | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let written: FileHandle | undefined;
  try {
    if (declared > hold) written = await open(file, 'wx');
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > limit) {
        await written?.close();
        written = undefined;
        await rm(file, { force: true });
        return null;
      }
      if (!written && size <= hold) {
        chunks.push(chunk);
        continue;
      }
      if (!written) {
        written = await open(file, 'wx');
        for (const held of chunks) await writeAll(written, held);
        chunks.length = 0;
      }
      await writeAll(written, chunk);
    }
  } catch (error) {
    if (written) {
      await written.close();
      await rm(file, { force: true });
    }
    throw error;
  }
  if (!written) return Buffer.concat(chunks, size);
  await written.close();
  return { path: file, size };
}
