import { createRandom } from './random.ts';

const size = 192;
// Subtle: enough to break up gradient banding and give texture; stronger grain triples the PNG.
const amplitude = 10;
const cache = new Map<number, Buffer>();

/**
 * A tile of film grain, mid-grey ± noise, blended "soft-light" over the painting: flat vector
 * fills then read as a picture rather than a diagram. Seeded, so the bytes stay reproducible.
 */
export function grainTile(seed: number): { pixels: Buffer; size: number } {
  const key = seed % 16;
  let pixels = cache.get(key);
  if (!pixels) {
    const random = createRandom(`grain ${key}`);
    pixels = Buffer.alloc(size * size * 4);
    for (let i = 0; i < size * size; i += 1) {
      // Sum of three uniforms: close enough to Gaussian, without trigonometry.
      const value = 128 + (random.next() + random.next() + random.next() - 1.5) * amplitude;
      pixels.fill(Math.round(value), i * 4, i * 4 + 3);
      pixels[i * 4 + 3] = 255;
    }
    cache.set(key, pixels);
  }
  return { pixels, size };
}
