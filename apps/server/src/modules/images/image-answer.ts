import { Readable } from 'node:stream';
import { pngDataUrlPrefix } from '@lumigen/contract/generation';

/** Base64 turns each 3 bytes into 4 characters: slices of a multiple of 3 bytes join seamlessly. */
const sliceBytes = 3 * 64 * 1024;

/**
 * An answer carrying a new image (a generated one, `GenerateImageResponse`, or an edit,
 * `ToolResponse`) as JSON, written as a stream: the PNG is base64-encoded a slice at a time as the
 * socket takes it. Built whole, the answer would be a data URL string, a JSON string and the
 * socket's copy of it (three times the PNG's size again, per image in flight, built in one go on
 * the event loop); the stream holds a slice or two.
 */
export function imageAnswerStream<Answer extends { image: string }>({ image: png, ...rest }: Omit<Answer, 'image'> & { image: Buffer }): Readable {
  // The other fields are short; `image` goes last, so the object's JSON closes around it.
  const head = JSON.stringify(rest).slice(0, -1) + `,"image":"${pngDataUrlPrefix}`;
  return Readable.from(
    (function* () {
      yield Buffer.from(head);
      for (let at = 0; at < png.length; at += sliceBytes) yield Buffer.from(png.subarray(at, at + sliceBytes).toString('base64'), 'latin1');
      yield Buffer.from('"}');
    })(),
    { objectMode: false },
  );
}
