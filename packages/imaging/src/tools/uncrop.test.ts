import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { colourDistance, fixture, meanColour, pixels, textureEnergy, type Pixels } from '../../test/support.ts';
import { run } from './uncrop.ts';

const extend = (left: number, right: number, up: number, down: number) => ({
  extend_left: left,
  extend_right: right,
  extend_up: up,
  extend_down: down,
});

describe('uncrop (local)', () => {
  let image: Buffer;
  let original: Pixels;

  beforeAll(async () => {
    image = await fixture('landscape-256x192.jpg');
    original = await pixels(image);
  });

  it.each([
    [50, 50, 50, 50],
    [120, 0, 0, 30],
    [-40, 60, -20, 0],
    [-10, -20, -30, -40],
    [0, 0, 0, 0],
    [-255, 0, -191, 0],
  ])(
    'extends by %i, %i, %i, %i to exactly (w + left + right) × (h + up + down)',
    async (left, right, up, down) => {
      const out = await run({ image, params: extend(left, right, up, down) });
      expect([out.width, out.height]).toEqual([256 + left + right, 192 + up + down]);
      const meta = await sharp(out.png).metadata();
      expect([meta.width, meta.height]).toEqual([256 + left + right, 192 + up + down]);
    },
    60_000,
  );

  it('keeps the picture where it was and crops negative sides', async () => {
    const out = await pixels((await run({ image, params: extend(-40, 60, -20, 30) })).png);
    // Output pixel (x, y) inside the kept part is original (x + 40, y + 20).
    for (const [x, y] of [
      [0, 0],
      [100, 50],
      [215, 171],
    ] as const) {
      const o = (y * out.width + x) * 3;
      const i = ((y + 20) * 256 + x + 40) * 3;
      expect([...out.data.subarray(o, o + 3)]).toEqual([...original.data.subarray(i, i + 3)]);
    }
  }, 60_000);

  it('continues the picture into the new border: not flat, and like the edge it grows from', async () => {
    const out = await pixels((await run({ image, params: extend(80, 80, 60, 60) })).png);
    // Sky above the picture, grass below it, each like the picture's own top and bottom rows (the
    // 20 rows it grows from: a fill that continues the sky need not bring the horizon's pink up).
    const top = (x: number, y: number) => y < 60 && x > 80 && x < 336;
    const pictureTop = (x: number, y: number) => y >= 60 && y < 80 && x > 80 && x < 336;
    const bottom = (x: number, y: number) => y >= 252 && x > 80 && x < 336;
    const bottomEdge = (x: number, y: number) => y >= 232 && y < 252 && x > 80 && x < 336;
    // The sky's clouds need not come along in the same share; blue it must be, near the edge's colour.
    const sky = meanColour(out, top);
    expect(sky[2]).toBeGreaterThan(sky[0] + 40);
    expect(colourDistance(sky, meanColour(out, pictureTop))).toBeLessThan(40);
    expect(colourDistance(meanColour(out, bottom), meanColour(out, bottomEdge))).toBeLessThan(20);
    const grass = meanColour(out, bottom);
    expect(grass[1]).toBeGreaterThan(grass[0] + 20); // green, as the meadow above it
    expect(textureEnergy(out, bottom)).toBeGreaterThan(textureEnergy(out, bottomEdge) * 0.5);
    // Left border beside the picture: not one flat colour.
    const left = meanColour(out, (x, y) => x < 70 && y > 60 && y < 252);
    const spread = textureEnergy(out, (x, y) => x < 70 && y > 60 && y < 252);
    expect(spread).toBeGreaterThan(1);
    expect(left.every((v) => v > 10 && v < 245)).toBe(true);
  }, 60_000);

  it('refuses a crop that consumes the picture', async () => {
    await expect(run({ image, params: extend(-200, -100, 0, 0) })).rejects.toThrow(/consumes/);
  });
});
