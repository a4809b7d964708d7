import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from './reimagine.ts';
import { fixture, pixels, type Pixels } from '../../test/support.ts';

async function lumaGrid(png: Buffer, side: number): Promise<number[]> {
  const { data } = await sharp(png)
    .greyscale()
    .resize(side, side, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i += 1) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

const meanAbsoluteDifference = (a: Pixels, b: Pixels) => {
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 1) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
};

describe('reimagine (local)', () => {
  let image: Buffer;
  let first: Buffer;

  beforeAll(async () => {
    image = await fixture('landscape-1024x768.jpg');
    first = (await run({ image, params: { seed: 'one' } })).png;
  }, 60_000);

  it('is a clearly different picture of the same size', async () => {
    const a = await pixels(image);
    const b = await pixels(first);
    expect([b.width, b.height]).toEqual([1024, 768]);
    expect(meanAbsoluteDifference(a, b)).toBeGreaterThan(10);
  });

  it('keeps the composition: coarse luminance correlates', async () => {
    expect(correlation(await lumaGrid(image, 8), await lumaGrid(first, 8))).toBeGreaterThan(0.8);
  });

  it('keeps the palette: mean colour stays close', async () => {
    const mean = (p: Pixels) =>
      [0, 1, 2].map((c) => {
        let s = 0;
        for (let i = c; i < p.data.length; i += 3) s += p.data[i]!;
        return s / (p.data.length / 3);
      });
    const [a, b] = [mean(await pixels(image)), mean(await pixels(first))];
    for (let c = 0; c < 3; c += 1) expect(Math.abs(a[c]! - b[c]!)).toBeLessThan(30);
  });

  it('repeats for the same seed and varies with another', async () => {
    const again = (await run({ image, params: { seed: 'one' } })).png;
    expect(again.equals(first)).toBe(true);
    const other = await pixels((await run({ image, params: { seed: 'two' } })).png);
    expect(meanAbsoluteDifference(other, await pixels(first))).toBeGreaterThan(5);
  }, 60_000);
});
