import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { base64JsonStream, imageAnswerStream } from './image-answer.ts';

const fields = {
  success: true as const,
  message: 'Image edited',
  creditBalance: 4,
  imageId: '0b6f5f1e-54a8-4d8e-9c36-1f0c2a3b4c5d',
};
const wholeAnswer = (png: Buffer) =>
  JSON.stringify({ ...fields, image: `data:image/png;base64,${png.toString('base64')}` });

/** `bytes` as a stored object's stream gives them: chunks of `chunkBytes`, the last shorter. */
function storedObject(bytes: Buffer, chunkBytes: number) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkBytes) }, (_, i) =>
    bytes.subarray(i * chunkBytes, (i + 1) * chunkBytes),
  );
  return { stream: Readable.from(chunks, { objectMode: false }), size: bytes.length };
}

describe('the streamed image answer', () => {
  it.each([0, 1, 2, 3, 3 * 64 * 1024, 3 * 64 * 1024 + 1, 1_000_003])(
    'is exactly the JSON of the whole answer, for %i bytes of PNG',
    async (size) => {
      const png = randomBytes(size);
      expect(await text(imageAnswerStream({ ...fields, image: png }))).toBe(wholeAnswer(png));
    },
  );

  // A file is read in 16 kB chunks (16,384 = 3 × 5,461 + 1): the base64 must carry the odd bytes over.
  it.each([
    [1, 1],
    [16 * 1024, 10_000_001],
    [5, 17],
    [3, 300_000],
  ])(
    'is exactly the JSON of the whole answer for a stored PNG read in chunks of %i bytes (%i bytes)',
    async (chunkBytes, size) => {
      const png = randomBytes(size);
      expect(await text(imageAnswerStream({ ...fields, image: storedObject(png, chunkBytes) }))).toBe(wholeAnswer(png));
    },
  );

  it('wraps the base64 in any JSON, as the drop-in OpenAI answer needs', async () => {
    const png = randomBytes(1000);
    const body = await text(base64JsonStream('{"data":[{"b64_json":"', storedObject(png, 7), '"}]}'));
    expect(JSON.parse(body)).toEqual({ data: [{ b64_json: png.toString('base64') }] });
  });

  it('lets go of the stored object when the answer is dropped before it is read, as when the client leaves', async () => {
    const stored = storedObject(randomBytes(100_000), 16 * 1024);
    const answer = imageAnswerStream({ ...fields, image: stored });
    answer.destroy();
    await once(answer, 'close');
    expect(stored.stream.destroyed).toBe(true);
  });
});
