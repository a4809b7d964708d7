import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mugRegions, readMug } from '../../test/support.ts';
import { InputRejected, type ToolOutput } from '../tool.ts';
import { replaceBackgroundMaxSide, run } from './replace-background.ts';

let mug: Buffer;
let input: Buffer;
let regions: Awaited<ReturnType<typeof mugRegions>>;

/** Mean absolute difference per channel (0–255) between two raw RGB images, over `region`. */
function difference(a: Buffer, b: Buffer, region: Uint8Array): number {
  let [sum, count] = [0, 0];
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    for (let c = 0; c < 3; c += 1) sum += Math.abs(a[p * 3 + c]! - b[p * 3 + c]!);
    count += 3;
  }
  return sum / count;
}

const rgbOf = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();

// The first render waits for the model; the others reuse its cut-out (segment() keeps two).
describe('replace-background (local: cut-out over a painted background)', () => {
  let sunset: ToolOutput;
  let night: ToolOutput;

  beforeAll(async () => {
    [mug, regions] = await Promise.all([readMug(), mugRegions()]);
    input = await sharp(mug).raw().toBuffer();
    sunset = await run({ image: mug, params: { prompt: 'mountains at sunset' } });
    night = await run({ image: mug, params: { prompt: 'a quiet ocean at night with the moon' } });
  }, 180_000);

  it('answers an opaque PNG of exactly the upload size', async () => {
    const metadata = await sharp(sunset.png).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha, sunset.width, sunset.height]).toEqual([
      'png',
      1024,
      768,
      false,
      1024,
      768,
    ]);
  });

  it('replaces the background with one painted from the prompt, and keeps the subject', async () => {
    const [a, b] = await Promise.all([rgbOf(sunset.png), rgbOf(night.png)]);
    // Measured when written: 55 and 96 from the wall and table, 56 between the two scenes.
    expect(difference(a, input, regions.background)).toBeGreaterThan(30);
    expect(difference(b, input, regions.background)).toBeGreaterThan(30);
    expect(difference(a, b, regions.background)).toBeGreaterThan(25);
    // The mug itself only takes a touch of the scene's colour (measured 6 and 11).
    expect(difference(a, input, regions.subject)).toBeLessThan(15);
    expect(difference(b, input, regions.subject)).toBeLessThan(15);
  });

  it('paints the same background for the same prompt', async () => {
    const again = await run({ image: mug, params: { prompt: 'mountains at sunset' } });
    expect(again.png.equals(sunset.png)).toBe(true);
  });

  it('refuses a picture with no subject, saying so', async () => {
    const wall = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#9a9388' } })
      .jpeg()
      .toBuffer();
    const refusal = await run({ image: wall, params: { prompt: 'mountains at sunset' } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InputRejected);
    expect((refusal as Error).message).toBe('no subject was found in the image');
  }, 180_000);

  it('refuses an empty prompt', async () => {
    await expect(run({ image: mug, params: { prompt: '  ' } })).rejects.toThrow(/prompt/);
  });

  it(`scales an upload larger than ${replaceBackgroundMaxSide} px down to fit`, async () => {
    const large = await sharp(mug).resize(2560, 1920).jpeg().toBuffer();
    const result = await run({ image: large, params: { prompt: 'geometric bauhaus poster' } });
    const metadata = await sharp(result.png).metadata();
    expect([metadata.width, metadata.height, result.width, result.height]).toEqual([2048, 1536, 2048, 1536]);
  }, 180_000);
});
