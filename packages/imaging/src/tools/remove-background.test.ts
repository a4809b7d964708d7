import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mugRegions, readMug, shareOf } from '../../test/support.ts';
import { InputRejected, type ToolOutput } from '../tool.ts';
import { run } from './remove-background.ts';
import { decontaminateEdges } from '../segmentation/segment.ts';

// The model loads once for the file (~1 s, ~1 GB); one inference takes 3–4 s on two free cores and
// much longer on a busy machine: generous timeouts.
describe('remove-background (local, ML segmentation)', () => {
  let result: ToolOutput;
  let rgba: Buffer;
  let input: Buffer;
  let regions: Awaited<ReturnType<typeof mugRegions>>;

  beforeAll(async () => {
    const mug = await readMug();
    [result, regions, input] = await Promise.all([
      run({ image: mug, params: {} }),
      mugRegions(),
      sharp(mug).raw().toBuffer(),
    ]);
    rgba = await sharp(result.png).raw().toBuffer();
  }, 180_000);

  it('answers an RGBA PNG of exactly the upload size', async () => {
    const metadata = await sharp(result.png).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(['png', 1024, 768, true]);
    expect([result.width, result.height]).toEqual([1024, 768]);
  });

  it('makes the background transparent and keeps the subject opaque (measured on alpha)', () => {
    const alpha = (p: number) => rgba[p * 4 + 3]!;
    // Measured when written: 99.8% and 99.3%, the background inside the handle's loop included.
    expect(shareOf(regions.background, (p) => alpha(p) < 20)).toBeGreaterThanOrEqual(0.97);
    expect(shareOf(regions.subject, (p) => alpha(p) > 235)).toBeGreaterThanOrEqual(0.97);
  });

  it('sees the background through the handle', () => {
    // The middle of the handle's loop: wall, not mug.
    const p = 410 * 1024 + 680;
    expect(rgba[p * 4 + 3]).toBeLessThan(20);
  });

  it("keeps the subject's own colours", () => {
    let difference = 0;
    let count = 0;
    for (let p = 0; p < regions.subject.length; p += 1) {
      if (!regions.subject[p]) continue;
      for (let c = 0; c < 3; c += 1) difference += Math.abs(rgba[p * 4 + c]! - input[p * 3 + c]!);
      count += 3;
    }
    expect(difference / count).toBeLessThan(1);
  });
});

describe('remove-background on other kinds of upload', () => {
  it('turns a phone photo upright by its EXIF orientation and keeps transparency the upload had', async () => {
    const [mug, regions] = await Promise.all([readMug(), mugRegions()]);
    // Stored on its side (768×1024) with orientation 8 ("turn me back"), as phones save photos;
    // and as a PNG whose left half is already transparent.
    const turned = await sharp(mug).rotate(90).withMetadata({ orientation: 8 }).jpeg({ quality: 92 }).toBuffer();
    const { data: upright, info } = await sharp(turned)
      .autoOrient()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let p = 0; p < info.width * info.height; p += 1) if (p % info.width < 512) upright[p * 4 + 3] = 0;
    const halfClear = await sharp(upright, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png()
      .toBuffer();

    const [fromPhone, fromPng] = await Promise.all([
      run({ image: turned, params: {} }),
      run({ image: halfClear, params: {} }),
    ]);
    expect([fromPhone.width, fromPhone.height]).toEqual([1024, 768]);
    const alpha = await sharp(fromPhone.png).extractChannel(3).raw().toBuffer();
    expect(shareOf(regions.subject, (p) => alpha[p]! > 235)).toBeGreaterThanOrEqual(0.97);
    expect(shareOf(regions.background, (p) => alpha[p]! < 20)).toBeGreaterThanOrEqual(0.97);

    const kept = await sharp(fromPng.png).extractChannel(3).raw().toBuffer();
    const left = regions.subject.map((v, p) => (v && p % 1024 < 500 ? 1 : 0));
    const right = regions.subject.map((v, p) => (v && p % 1024 > 524 ? 1 : 0));
    expect(shareOf(left, (p) => kept[p] === 0)).toBe(1);
    // The model sees half a mug on white there and keeps most of it opaque (92% when written).
    expect(shareOf(right, (p) => kept[p]! > 235)).toBeGreaterThanOrEqual(0.85);
  }, 180_000);
});

describe('remove-background on a picture with no subject', () => {
  it('refuses a plain wall and a transparent picture, saying why, rather than answer an empty cut-out', async () => {
    // Measured when written: the model keeps no pixel of either (nor of pure noise), while each
    // committed photo fixture keeps 3–18% of its pixels.
    const wall = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#9a9388' } })
      .jpeg()
      .toBuffer();
    const clear = await sharp({
      create: { width: 320, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    for (const image of [wall, clear]) {
      const refusal = await run({ image, params: {} }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(InputRejected);
      expect((refusal as Error).message).toBe('no subject was found in the image');
    }
  }, 180_000);
});

describe('edge decontamination', () => {
  it("gives a half-transparent edge pixel the subject's colour instead of the old background's", () => {
    // A red square on blue, its one-pixel rim half transparent and still tinted by the blue.
    const size = 64;
    const rgba = Buffer.alloc(size * size * 4);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const p = (y * size + x) * 4;
        const inside = x >= 16 && x < 48 && y >= 16 && y < 48;
        const rim = x >= 15 && x < 49 && y >= 15 && y < 49 && !inside;
        if (inside) rgba.set([220, 30, 30, 255], p);
        else if (rim) rgba.set([110, 15, 130, 128], p);
      }
    }
    decontaminateEdges(rgba, size, size);
    const rim = (15 * size + 30) * 4;
    expect(rgba[rim]).toBeGreaterThan(180);
    expect(rgba[rim + 2]).toBeLessThan(80);
    expect(rgba[rim + 3]).toBe(128);
    // Opaque and fully transparent pixels are untouched.
    expect([...rgba.subarray((30 * size + 30) * 4, (30 * size + 30) * 4 + 4)]).toEqual([220, 30, 30, 255]);
    expect([...rgba.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });
});
