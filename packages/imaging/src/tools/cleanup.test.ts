import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from './cleanup.ts';
import { InputRejected } from '../tool.ts';
import { colourDistance, fixture, meanColour, openCv, pixels, textureEnergy, type Pixels } from '../../test/support.ts';

// The fixture: a red ball and its shadow on paving, and a mask covering both.
const ball = { cx: 256, cy: 190, r: 62 };

describe('cleanup (local)', () => {
  let image: Buffer;
  let mask: Buffer;
  let before: Pixels;
  let after: Pixels;
  let maskPixels: Pixels;
  let inHole: (x: number, y: number) => boolean;
  let inRing: (x: number, y: number) => boolean;

  beforeAll(async () => {
    image = await fixture('ball-on-paving-512x384.jpg');
    mask = await fixture('ball-on-paving-512x384.mask.png');
    const result = await run({ image, mask, params: {} });
    expect([result.width, result.height]).toEqual([512, 384]);
    before = await pixels(image);
    after = await pixels(result.png);
    maskPixels = await pixels(mask);
    const masked = (x: number, y: number) => maskPixels.data[(y * 512 + x) * 3]! > 127;
    inHole = masked;
    // The surroundings: pixels within 40 px of the mask but outside it (grown by the tool's margin).
    inRing = (x, y) => {
      if (masked(x, y)) return false;
      let near = false;
      for (let d = 6; d <= 40 && !near; d += 6) {
        near = [
          [x + d, y],
          [x - d, y],
          [x, y + d],
          [x, y - d],
        ].some(([a, b]) => a! >= 0 && b! >= 0 && a! < 512 && b! < 384 && masked(a!, b!));
      }
      return near && !masked(x - 5, y) && !masked(x + 5, y) && !masked(x, y - 5) && !masked(x, y + 5);
    };
  }, 120_000);

  it('replaces the ball with colours like its surroundings and unlike the ball', () => {
    const ballColour = meanColour(before, (x, y) => (x - ball.cx) ** 2 + (y - ball.cy) ** 2 < (ball.r - 6) ** 2);
    const ring = meanColour(after, inRing);
    const hole = meanColour(after, inHole);
    expect(colourDistance(hole, ring)).toBeLessThan(15);
    expect(colourDistance(hole, ballColour)).toBeGreaterThan(60);
    // No red left where the ball was.
    expect(hole[0] - hole[1]).toBeLessThan(ring[0] - ring[1] + 10);
  });

  it('fills with texture like the surroundings, where OpenCV TELEA leaves a smooth blotch', async () => {
    const ringTexture = textureEnergy(after, inRing);
    const holeTexture = textureEnergy(after, inHole);
    expect(holeTexture).toBeGreaterThan(ringTexture * 0.6);
    expect(holeTexture).toBeLessThan(ringTexture * 1.6);

    const { cv } = await openCv();
    const src = cv.matFromArray(384, 512, cv.CV_8UC3, before.data);
    const m = cv.matFromArray(
      384,
      512,
      cv.CV_8UC1,
      Buffer.from(Array.from({ length: 512 * 384 }, (_, i) => (maskPixels.data[i * 3]! > 127 ? 255 : 0))),
    );
    const dst = new cv.Mat();
    cv.inpaint(src, m, dst, 5, cv.INPAINT_TELEA);
    const telea: Pixels = { data: Buffer.from(dst.data), width: 512, height: 384 };
    src.delete();
    m.delete();
    dst.delete();
    expect(textureEnergy(telea, inHole)).toBeLessThan(holeTexture * 0.6);
  });

  it('leaves the picture outside the mask as it was', () => {
    let changed = 0;
    let outside = 0;
    for (let y = 0; y < 384; y += 1) {
      for (let x = 0; x < 512; x += 1) {
        if (maskPixels.data[(y * 512 + x) * 3]! > 0 || inRing(x, y)) continue;
        outside += 1;
        const i = (y * 512 + x) * 3;
        if (Math.abs(after.data[i]! - before.data[i]!) > 2) changed += 1;
      }
    }
    expect(changed / outside).toBeLessThan(0.01);
  });

  it('refuses a mask that marks nothing, or everything (nothing left to rebuild from), saying which', async () => {
    const maskOf = (background: string) =>
      sharp({ create: { width: 512, height: 384, channels: 3, background } })
        .png()
        .toBuffer();
    const refusalOf = (mask: Buffer) => run({ image, mask, params: {} }).catch((error: unknown) => error);
    const empty = await refusalOf(await maskOf('#000'));
    expect(empty).toBeInstanceOf(InputRejected);
    expect((empty as Error).message).toBe('the mask marks nothing to remove');
    const full = await refusalOf(await maskOf('#fff'));
    expect(full).toBeInstanceOf(InputRejected);
    expect((full as Error).message).toBe('the mask covers the whole image, so nothing is left to fill it from');
  });

  it('refuses a mask of another size (a bug: the route checks sizes)', async () => {
    const small = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(run({ image, mask: small, params: {} })).rejects.toThrow(/mask/);
  });
});
