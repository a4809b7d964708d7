import { describe, expect, it } from 'vitest';
import { readBodyUpTo } from './read-body.ts';

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
