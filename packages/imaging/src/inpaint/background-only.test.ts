import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support.ts';
import { decode, type Raster } from '../raster.ts';
import { cleanupFill } from '../tools/cleanup.ts';
import { uncropFill } from '../tools/uncrop.ts';
import { patchRadius } from './resynthesize.ts';

/** The committed photographs and the subject the background-removal model found in each. */
const photos = ['astronaut', 'chelsea', 'coffee'] as const;

async function subjectMask(name: string): Promise<Uint8Array> {
  const { data } = await sharp(await fixture(`segmentation/${name}.alpha.png`))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Uint8Array.from(data, (value) => (value > 32 ? 1 : 0));
}

/** The subject's bounding box. */
function boundsOf(mask: Uint8Array, width: number) {
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  mask.forEach((value, i) => {
    if (!value) return;
    const x = i % width;
    const y = (i - x) / width;
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  });
  return { left, top, right, bottom };
}

/**
 * Filled pixels whose source patch (the neighbourhood compared around the pixel copied) overlaps
 * the subject, or whose source is missing or itself a filled pixel.
 */
function badSources(sources: Int32Array, hole: Uint8Array, subject: Uint8Array, width: number, height: number): number {
  let bad = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i]) continue;
    const source = sources[i]!;
    if (source < 0 || hole[source]) {
      bad += 1;
      continue;
    }
    const sx = source % width;
    const sy = (source - sx) / width;
    let touches = false;
    for (let y = Math.max(0, sy - patchRadius); y <= Math.min(height - 1, sy + patchRadius) && !touches; y += 1) {
      for (let x = Math.max(0, sx - patchRadius); x <= Math.min(width - 1, sx + patchRadius); x += 1) {
        if (subject[y * width + x]) {
          touches = true;
          break;
        }
      }
    }
    if (touches) bad += 1;
  }
  return bad;
}

describe.each(photos)('fills copy only the background of %s', (name) => {
  let rgb: Raster;
  let subject: Uint8Array;

  beforeAll(async () => {
    rgb = (await decode(await fixture(`photos/${name}.jpg`))).rgb;
    subject = await subjectMask(name);
  });

  it('cleanup: a hole beside the subject holds no patch of it', async () => {
    const { width, height } = rgb;
    const box = boundsOf(subject, width);
    // A hole straddling the subject's right edge, a fifth of the picture wide: what the user
    // paints out next to a person or a cup, where the old fill copied the subject in.
    const hole = new Uint8Array(width * height);
    const holeWidth = Math.round(width / 5);
    const left = Math.min(width - holeWidth - 1, box.right - Math.round(holeWidth / 3));
    const top = Math.round(box.top + (box.bottom - box.top) / 4);
    const bottom = Math.min(height - 2, top + Math.round(height / 4));
    for (let y = top; y <= bottom; y += 1) hole.fill(1, y * width + left, y * width + left + holeWidth);
    const sources = new Int32Array(width * height).fill(-2);
    const filled = await cleanupFill(rgb, hole, subject, sources);
    // The hole as cleanup grows it (3 pixels) is what was filled: every pixel the fill changed has a source.
    const filledArea = Uint8Array.from(sources, (source) => (source === -2 ? 0 : 1));
    expect(filledArea.reduce((n, v) => n + v, 0)).toBeGreaterThanOrEqual(hole.reduce((n, v) => n + v, 0));
    expect(badSources(sources, filledArea, subject, width, height)).toBe(0);
    expect([filled.width, filled.height]).toEqual([width, height]);
  }, 120_000);

  it('uncrop: the new border holds no patch of the subject', async () => {
    const margin = { x: Math.round(rgb.width / 4), y: Math.round(rgb.height / 4) };
    const width = rgb.width + 2 * margin.x;
    const height = rgb.height + 2 * margin.y;
    const canvas: Raster = { data: new Float32Array(width * height * 3), width, height };
    const hole = new Uint8Array(width * height).fill(1);
    const canvasSubject = new Uint8Array(width * height);
    for (let y = 0; y < rgb.height; y += 1) {
      const at = (margin.y + y) * width + margin.x;
      canvas.data.set(rgb.data.subarray(y * rgb.width * 3, (y + 1) * rgb.width * 3), at * 3);
      hole.fill(0, at, at + rgb.width);
      canvasSubject.set(subject.subarray(y * rgb.width, (y + 1) * rgb.width), at);
    }
    const sources = new Int32Array(width * height).fill(-2);
    await uncropFill(canvas, hole, canvasSubject, sources);
    expect(badSources(sources, hole, canvasSubject, width, height)).toBe(0);
  }, 120_000);
});
