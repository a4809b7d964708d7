import { createRandom } from './random.ts';

/**
 * Grain for a "soft-light" or "overlay" blend: opaque mid-grey RGBA, each pixel moved by
 * `deviation()` (mid-grey leaves the picture as it was under either blend). The caller's random
 * source draws the noise, so a seeded picture stays reproducible.
 */
export function grainPixels(pixelCount: number, deviation: () => number): Buffer {
  const pixels = Buffer.alloc(pixelCount * 4);
  for (let i = 0; i < pixelCount; i += 1) {
    pixels.fill(128 + Math.round(deviation()), i * 4, i * 4 + 3);
    pixels[i * 4 + 3] = 255;
  }
  return pixels;
}

const tileSize = 192;
// Subtle: enough to break up gradient banding and give texture; stronger grain triples the PNG.
const tileAmplitude = 10;
const tiles = new Map<number, Buffer>();

/**
 * A tile of film grain blended "soft-light" over the painter's pictures and the studio backdrop:
 * flat vector fills then read as a picture rather than a diagram. Sixteen seeds, each made once.
 */
export function grainTile(seed: number): { pixels: Buffer; size: number } {
  const key = seed % 16;
  let pixels = tiles.get(key);
  if (!pixels) {
    const random = createRandom(`grain ${key}`);
    // Sum of three uniforms: close enough to Gaussian, without trigonometry.
    pixels = grainPixels(
      tileSize * tileSize,
      () => (random.next() + random.next() + random.next() - 1.5) * tileAmplitude,
    );
    tiles.set(key, pixels);
  }
  return { pixels, size: tileSize };
}
