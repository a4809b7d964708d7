import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { paint as paintAt } from './paint.ts';

/** The sizes the editing API offers (the server's adapter maps its size names to these). */
const sizes = [
  [256, 256],
  [512, 512],
  [1024, 1024],
  [1024, 1792],
  [1792, 1024],
] as const;

/** A 16×16 thumbnail's raw RGB: composition and colour at a glance. */
async function thumbnail(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(16, 16, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per channel between two thumbnails, 0–255. */
function distance(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const paint = (prompt: string, seed = 1) => paintAt({ prompt, width: 256, height: 256, quality: 'standard', seed });

describe('the local painter', () => {
  it.each(
    sizes.flatMap(([w, h]) => (['standard', 'hd'] as const).map((quality) => [`${w}x${h}`, quality, w, h] as const)),
  )('paints exactly %s in %s quality, as an opaque PNG', async (size, quality, w, h) => {
    const { png, width, height } = await paintAt({
      prompt: 'a lighthouse on the coast at dusk',
      width: w,
      height: h,
      quality,
      seed: 3,
    });
    const metadata = await sharp(png).metadata();
    expect(`${metadata.width}x${metadata.height}`).toBe(size);
    expect(`${width}x${height}`).toBe(size);
    expect(metadata.format).toBe('png');
    expect(metadata.hasAlpha).toBe(false);
  });

  it('gives identical bytes for the same prompt and seed, and a new picture for a new seed', async () => {
    const [first, again, otherSeed] = await Promise.all([
      paint('misty forest at dawn', 7),
      paint('misty forest at dawn', 7),
      paint('misty forest at dawn', 8),
    ]);
    expect(first.png.equals(again.png)).toBe(true);
    expect(otherSeed.png.equals(first.png)).toBe(false);
  });

  it('paints a picture, not a flat fill', async () => {
    const { png } = await paint('mountains at sunset');
    const [grey] = (await sharp(png).greyscale().stats()).channels;
    // A flat fill has 0, a plain two-tone gradient around 10; this landscape measured 60.
    expect(grey!.stdev).toBeGreaterThan(25);
  });

  it('paints clearly different pictures for different prompts', async () => {
    const prompts = [
      'mountains at sunset',
      'a quiet ocean at night with the moon',
      'geometric bauhaus poster',
      'cyberpunk city at night',
      'abstract dream in pink and teal',
      'A cat riding a horse',
    ];
    const thumbnails = await Promise.all(prompts.map(async (prompt) => thumbnail((await paint(prompt, 11)).png)));
    for (let i = 0; i < prompts.length; i += 1) {
      for (let j = i + 1; j < prompts.length; j += 1) {
        // Two renders of one prompt differ by 0; these pairs measured 19–145 when written.
        expect(distance(thumbnails[i]!, thumbnails[j]!), `${prompts[i]} vs ${prompts[j]}`).toBeGreaterThan(12);
      }
    }
  });

  it('follows colour words', async () => {
    const meanOf = async (prompt: string) =>
      (await sharp((await paint(prompt, 5)).png).stats()).channels.map((c) => c.mean);
    const [redR, , redB] = await meanOf('an abstract dream in red');
    const [blueR, , blueB] = await meanOf('an abstract dream in blue');
    expect(redR! - redB!).toBeGreaterThan(blueR! - blueB! + 30);
  });
});
