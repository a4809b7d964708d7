import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';

const sliceBytes = 256 * 1024;

/** A file is sent from its bytes (a converted mask) or read from disk as it is sent (an upload). */
export type FileSource = { bytes: Buffer } | { path: string; size: number };
export type Part =
  { name: string; value: string } | { name: string; filename: string; type: string; source: FileSource };

/**
 * A multipart/form-data body laid around the uploads' files, read from disk in slices while the
 * socket takes them: a 10 MB upload costs a slice or two of memory, not 10 MB (FormData with a Blob
 * would hold the file, and copy it again while sending). Names and file names here are ours
 * (ASCII); values are UTF-8; a random boundary cannot occur in them but by chance of 2^-128.
 */
export function multipart(parts: Part[]) {
  const boundary = `lumigen-${randomBytes(16).toString('hex')}`;
  const pieces: (Buffer | { path: string; size: number })[] = [];
  for (const part of parts) {
    const file = 'source' in part;
    const disposition = `form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ''}`;
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    pieces.push(
      file ? ('bytes' in part.source ? part.source.bytes : part.source) : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: pieces.reduce((total, piece) => total + (Buffer.isBuffer(piece) ? piece.length : piece.size), 0),
    // In slices: the socket then holds a slice at a time, never a whole image.
    async *body() {
      for (const piece of pieces) {
        if (!Buffer.isBuffer(piece))
          yield* createReadStream(piece.path, { highWaterMark: sliceBytes }) as AsyncIterable<Buffer>;
        else for (let at = 0; at < piece.length; at += sliceBytes) yield piece.subarray(at, at + sliceBytes);
      }
    },
  };
}
