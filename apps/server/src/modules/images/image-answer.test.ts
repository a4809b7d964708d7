import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { imageAnswerStream } from './image-answer.ts';

describe('the streamed image answer', () => {
  it.each([0, 1, 2, 3, 3 * 64 * 1024, 3 * 64 * 1024 + 1, 1_000_003])('is exactly the JSON of the whole answer, for %i bytes of PNG', async (size) => {
    const png = randomBytes(size);
    const fields = { success: true as const, message: 'Image edited', creditBalance: 4, imageId: '0b6f5f1e-54a8-4d8e-9c36-1f0c2a3b4c5d' };
    const streamed = await text(imageAnswerStream({ ...fields, image: png }));
    expect(streamed).toBe(JSON.stringify({ ...fields, image: `data:image/png;base64,${png.toString('base64')}` }));
  });
});
