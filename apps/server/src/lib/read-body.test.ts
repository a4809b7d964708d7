import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBodyHoldingUpTo, readBodyUpTo } from './read-body.ts';

/** A streamed answer of `chunks`, noting how many of them were pulled. */
function streamed(chunks: number[], headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = chunks[pulled];
      pulled += 1;
      if (size === undefined) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(7));
    },
  });
  return { response: new Response(body, { headers }), pulled: () => pulled };
}

describe('readBodyUpTo', () => {
  it('answers the whole body when it fits', async () => {
    const bytes = await readBodyUpTo(streamed([3, 4]).response, 7);
    expect(bytes?.length).toBe(7);
  });

  it('stops reading as soon as the body outgrows the limit', async () => {
    const answer = streamed([4, 4, 4, 4]);
    expect(await readBodyUpTo(answer.response, 6)).toBeNull();
    expect(answer.pulled()).toBeLessThan(4);
  });

  it('refuses a declared length over the limit without reading it', async () => {
    const answer = streamed([4], { 'content-length': '100' });
    expect(await readBodyUpTo(answer.response, 10)).toBeNull();
    expect(answer.pulled()).toBeLessThanOrEqual(1);
  });
});

describe('readBodyHoldingUpTo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-body-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds a body of up to `hold` bytes, and writes no file', async () => {
    const file = path.join(dir, 'small');
    const bytes = await readBodyHoldingUpTo(streamed([3, 4]).response, { limit: 100, hold: 7, file });
    expect(Buffer.isBuffer(bytes) && bytes.length).toBe(7);
    expect(existsSync(file)).toBe(false);
  });

  it('writes a larger body to the file, byte for byte, holding a chunk at a time', async () => {
    const file = path.join(dir, 'large');
    const sent = randomBytes(300_001);
    const chunks = Array.from({ length: 10 }, (_, i) => sent.subarray(i * 30_001, (i + 1) * 30_001)).filter(
      (c) => c.length > 0,
    );
    const response = new Response(
      new ReadableStream({ start: (c) => (chunks.forEach((chunk) => c.enqueue(new Uint8Array(chunk))), c.close()) }),
    );
    const answer = await readBodyHoldingUpTo(response, { limit: 1_000_000, hold: 65_536, file });
    expect(answer).toEqual({ path: file, size: sent.length });
    expect((await readFile(file)).equals(sent)).toBe(true);
  });

  it('writes a body whose declared length is over `hold` to the file from its first chunk', async () => {
    const file = path.join(dir, 'declared');
    let heldWhenSecondPulled: boolean | undefined;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          pulled += 1;
          // By the second pull the first chunk has been written, not held.
          if (pulled === 2)
            heldWhenSecondPulled =
              (await stat(file).then(
                (s) => s.size,
                () => 0,
              )) === 0;
          if (pulled > 2) return controller.close();
          controller.enqueue(new Uint8Array(4).fill(pulled));
        },
      },
      { highWaterMark: 0 },
    ); // pulled only when read: no chunk read ahead
    const answer = await readBodyHoldingUpTo(new Response(body, { headers: { 'content-length': '8' } }), {
      limit: 100,
      hold: 6,
      file,
    });
    expect(answer).toEqual({ path: file, size: 8 });
    expect(heldWhenSecondPulled).toBe(false);
  });

  it('answers null past the limit, and leaves no file behind', async () => {
    const file = path.join(dir, 'too-large');
    // The second chunk goes past `hold` (a file is begun), the third past the limit.
    const answer = streamed([4, 4, 4, 4, 4, 4]);
    expect(await readBodyHoldingUpTo(answer.response, { limit: 10, hold: 5, file })).toBeNull();
    expect(answer.pulled()).toBeLessThan(6);
    expect(existsSync(file)).toBe(false);
  });
});
