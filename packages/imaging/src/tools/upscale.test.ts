import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture, pixels } from '../../test/support.ts';
import { networkBudget, plan, run } from './upscale.ts';

describe('upscale (local)', () => {
  it('chooses the network for small enlargements and lanczos otherwise', () => {
    expect(plan(256, 192, 1024, 768)).toEqual({ network: 4 });
    expect(plan(256, 192, 512, 384)).toEqual({ network: 2 });
    expect(plan(256, 192, 300, 200)).toEqual({ network: null });
    expect(plan(1024, 768, 2048, 1536)).toEqual({ network: null });
    expect(plan(300, 300, 1200, 1200).network).toBe(300 * 300 * 2 <= networkBudget ? 4 : 2);
  });

  it.each([
    [1024, 768],
    [600, 500],
    [300, 200],
    [100, 50],
    [1, 1],
  ])(
    'answers exactly %i×%i',
    async (width, height) => {
      const out = await run({
        image: await fixture('landscape-256x192.jpg'),
        params: { target_width: width, target_height: height },
      });
      expect([out.width, out.height]).toEqual([width, height]);
      const meta = await sharp(out.png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    },
    60_000,
  );

  it('keeps the picture: the 4× result reduced again matches the input', async () => {
    const image = await fixture('landscape-256x192.jpg');
    const out = await run({ image, params: { target_width: 1024, target_height: 768 } });
    const back = await pixels(await sharp(out.png).resize(256, 192, { kernel: 'lanczos3' }).png().toBuffer());
    const original = await pixels(image);
    let diff = 0;
    for (let i = 0; i < back.data.length; i += 1) diff += Math.abs(back.data[i]! - original.data[i]!);
    expect(diff / back.data.length).toBeLessThan(6);
  }, 60_000);

  it('keeps transparency', async () => {
    const image = await sharp({
      create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const out = await run({ image, params: { target_width: 128, target_height: 96 } });
    const { data, info } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(Math.abs(data[(48 * 128 + 64) * 4 + 3]! - 128)).toBeLessThanOrEqual(2);
  }, 60_000);
});
