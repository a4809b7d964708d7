import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support.ts';
import { paint } from '../painter/paint.ts';
import { toolNames, type ToolName, type ToolParams } from '../tool.ts';
import { createToolPool } from './pool.ts';

/**
 * Every real tool through the real pool on the Node that runs the tests: the bytes cross the
 * thread boundary both ways, which is what broke on Node 22 and later (sharp's buffers cannot be
 * moved there). Quality is each tool's own test's business; here: a PNG of the size promised.
 */
type Case<T extends ToolName> = { image: string; mask?: string; params: ToolParams[T]; size: [number, number] };
const cases: { [T in ToolName]: Case<T> } = {
  'remove-background': { image: 'mug.jpg', params: {}, size: [0, 0] },
  'remove-text': { image: 'text-on-linen-1024x768.jpg', params: {}, size: [1024, 768] },
  'product-photography': { image: 'mug.jpg', params: {}, size: [0, 0] },
  reimagine: { image: 'landscape-256x192.jpg', params: { seed: 7 }, size: [256, 192] },
  'replace-background': { image: 'mug.jpg', params: { prompt: 'a sunny beach with palm trees' }, size: [0, 0] },
  upscale: { image: 'landscape-256x192.jpg', params: { target_width: 512, target_height: 384 }, size: [512, 384] },
  uncrop: {
    image: 'landscape-256x192.jpg',
    params: { extend_left: 32, extend_right: 32, extend_up: 16, extend_down: 0 },
    size: [320, 208],
  },
  cleanup: {
    image: 'ball-on-paving-512x384.jpg',
    mask: 'ball-on-paving-512x384.mask.png',
    params: {},
    size: [512, 384],
  },
};

describe(`every local tool through the worker pool on Node ${process.version}`, () => {
  const pool = createToolPool({ threads: 1, timeoutMs: 240_000 });
  afterAll(() => pool.close());

  it.each(toolNames)(
    '%s answers a PNG of the promised size',
    async (tool) => {
      const { image, mask, params, size } = cases[tool] as Case<ToolName>;
      const input = await fixture(image);
      // A tool that keeps the picture's size (size [0, 0] above) answers the input's own.
      const { width = 0, height = 0 } = await sharp(input).metadata();
      const [expectedWidth, expectedHeight] = size[0] === 0 ? [width, height] : size;
      const png = await pool.run(tool, { image: input, ...(mask ? { mask: await fixture(mask) } : {}), params });
      const answer = await sharp(png).metadata();
      expect([answer.format, answer.width, answer.height]).toEqual(['png', expectedWidth, expectedHeight]);
    },
    240_000,
  );

  it('the painter answers a PNG of the size asked for (it runs on libvips threads, not the pool)', async () => {
    const { png, width, height } = await paint({
      prompt: 'a red fox in a snowy forest',
      width: 512,
      height: 256,
      quality: 'standard',
      seed: 3,
    });
    const answer = await sharp(png).metadata();
    expect([answer.format, answer.width, answer.height, width, height]).toEqual(['png', 512, 256, 512, 256]);
  });
});
