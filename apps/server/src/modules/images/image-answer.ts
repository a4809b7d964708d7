import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { toBase64Bin } from '@jsonjoy.com/base64/lib/toBase64Bin.js';
import { pngDataUrlPrefix } from '@lumigen/contract/generation';
import type { StoredObject } from './image-store.ts';

/**
 * A new image's PNG as an answer takes it: its bytes, when the worker of this process handed
 * them over (small images only, see `job-watch.ts`), or the stored object, read as the socket
 * takes it.
 */
export type AnswerPng = Buffer | StoredObject;

/** The PNG as a body to send as it is. */
export const pngBody = (png: AnswerPng): Buffer | Readable => (Buffer.isBuffer(png) ? png : png.stream);

/** The PNG's bytes, read whole: for code that decodes them. */
export const pngBytes = async (png: AnswerPng): Promise<Buffer> => (Buffer.isBuffer(png) ? png : buffer(png.stream));

/** Base64 turns each 3 bytes into 4 characters: slices of a multiple of 3 bytes join seamlessly. */
const sliceBytes = 3 * 64 * 1024;

/**
 * One slice of the PNG as base64 bytes, written straight into the buffer the socket takes, with
 * no string in between. Measured again on Node 20 (docs/decisions/042): 0.75 ms for a 443 kB PNG,
 * the same as `toString('base64')` and a Buffer of that string; the 12-fold gain that decision 040
 * recorded was not reproduced.
 */
function base64Of(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(Math.ceil(bytes.length / 3) * 4);
  toBase64Bin(bytes, 0, bytes.length, new DataView(out.buffer, out.byteOffset, out.length), 0);
  return out;
}

function* slicesOf(png: Buffer): Generator<Buffer> {
  for (let at = 0; at < png.length; at += sliceBytes) yield png.subarray(at, at + sliceBytes);
}

/** `chunks` as base64, each yielded piece a whole number of 3-byte groups but the last. */
async function* base64Pieces(chunks: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
  let carry: Buffer | undefined;
  for await (const chunk of chunks) {
    const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield base64Of(bytes.subarray(0, whole));
    // Copied: a stream may reuse the memory of a chunk it has handed over.
    carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
  }
  if (carry) yield base64Of(carry);
}

/**
 * JSON with a PNG's base64 between `head` and `tail`, written as a stream: the base64 is made a
 * slice at a time as the socket takes it, and a stored PNG is read the same way. Built whole, it
 * would be a base64 string, a JSON string and the socket's copy of it (three times the PNG's size
 * again, per image in flight); held whole, a waiting answer pins its PNG until a slow client has
 * read it all (20 edits of 10 MB pictures measured some 900 MB, docs/decisions/043). The stream
 * holds a slice or two. Destroyed (the client went away), it closes the stored object too.
 */
export function base64JsonStream(head: string, png: AnswerPng, tail: string): Readable {
  const chunks: AsyncIterable<Buffer> | Iterable<Buffer> = Buffer.isBuffer(png) ? slicesOf(png) : png.stream;
  const answer = Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* base64Pieces(chunks);
      yield Buffer.from(tail);
    })(),
    { objectMode: false },
  );
  // Also when the answer goes before its first read, which never reaches the stored stream.
  if (!Buffer.isBuffer(png)) answer.once('close', () => png.stream.destroy());
  return answer;
}

/**
 * An answer carrying a new image (a generated one, `GenerateImageResponse`, or an edit,
 * `ToolResponse`) as streamed JSON (see `base64JsonStream`).
 */
export function imageAnswerStream<Answer extends { image: string }>({
  image: png,
  ...rest
}: Omit<Answer, 'image'> & { image: AnswerPng }): Readable {
  // The other fields are short; `image` goes last, so the object's JSON closes around it.
  return base64JsonStream(JSON.stringify(rest).slice(0, -1) + `,"image":"${pngDataUrlPrefix}`, png, '"}');
}
