import { dimensionsOf } from '@lumigen/contract/generation';
import sharp, { type Sharp } from 'sharp';
import { grainTile } from './local-painter/grain.ts';
import { traitsOf } from './local-painter/prompt-traits.ts';
import { sceneSvg } from './local-painter/scene.ts';
import type { GenerationInput, GenerationProvider } from './provider.ts';

/**
 * The default provider: paints a picture from the prompt's words without any model or network
 * (docs/architecture.md §1, "local preview"). Scene, palette and forms come from the words; the seed varies
 * the composition. The same prompt, size, quality and seed always give the same PNG bytes.
 *
 * Only the SVG text is built on the event loop (well under a millisecond); rendering and PNG
 * encoding run in libvips on libuv's thread pool, so a worker pool would add nothing.
 */
export function createLocalProvider(): GenerationProvider {
  return { name: 'local', generate: paintLocally };
}

export async function paintLocally({ prompt, size, quality, seed }: Pick<GenerationInput, 'prompt' | 'size' | 'quality' | 'seed'>) {
  const { width, height } = dimensionsOf(size);
  const png = await paintPicture({ prompt, width, height, seed, variant: quality, detail: quality === 'hd' ? 1.5 : 1 }).png({ compressionLevel: 6 }).toBuffer();
  return { png, width, height };
}

/**
 * The painting of `prompt` at any size, as an opaque sharp pipeline not yet encoded: the
 * generator encodes it, the replace-background tool paints the new background with it.
 * `variant` joins the seed (generation passes the quality).
 */
export function paintPicture({ prompt, width, height, seed, variant, detail }: { prompt: string; width: number; height: number; seed: number; variant: string; detail: number }): Sharp {
  const traits = traitsOf(prompt);
  const svg = sceneSvg({ width, height, traits, seed: `${prompt.trim().toLowerCase()}\u0000${seed}\u0000${variant}`, detail });
  const grain = grainTile(seed);
  return sharp(Buffer.from(svg))
    .composite([{ input: grain.pixels, raw: { width: grain.size, height: grain.size, channels: 4 }, tile: true, blend: 'soft-light' }])
    .removeAlpha();
}
