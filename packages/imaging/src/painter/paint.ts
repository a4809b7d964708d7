import sharp, { type Sharp } from 'sharp';
import { grainTile } from '../grain.ts';
import { traitsOf } from './prompt-traits.ts';
import { earlyLayersSvg, sceneSvg } from './scene.ts';

export type PaintQuality = 'standard' | 'hd';

export type PaintOptions = { prompt: string; width: number; height: number; quality: PaintQuality; seed: number };

/**
 * The local painter: a picture from the prompt's words without any model or network. Scene,
 * palette and forms come from the words; the seed varies the composition. The same prompt, size,
 * quality and seed always give the same PNG bytes; "hd" paints finer detail.
 *
 * Only the SVG text is built on the calling thread (well under a millisecond); rendering and PNG
 * encoding run in libvips on libuv's thread pool, so a worker thread would add nothing
 * (docs/decisions/005-local-painter-on-libvips-threads.md).
 */
export async function paint({
  prompt,
  width,
  height,
  quality,
  seed,
}: PaintOptions): Promise<{ png: Buffer; width: number; height: number }> {
  const png = await paintPicture({ prompt, width, height, seed, variant: quality, detail: quality === 'hd' ? 1.5 : 1 })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, width, height };
}

/**
 * The painting's early stages, as the local painter's previews: the first third of its layers,
 * then two thirds, each a PNG at most `longEdge` on its long side (without the grain, which the
 * finished picture adds). Same options, same pictures.
 */
export async function paintPreviews(
  { prompt, width, height, quality, seed }: PaintOptions,
  { count = 2, longEdge = 512 }: { count?: number; longEdge?: number } = {},
): Promise<Buffer[]> {
  const request = {
    width,
    height,
    traits: traitsOf(prompt),
    seed: `${prompt.trim().toLowerCase()}\u0000${seed}\u0000${quality}`,
    detail: quality === 'hd' ? 1.5 : 1,
  };
  const scale = Math.min(1, longEdge / Math.max(width, height));
  const stages: Buffer[] = [];
  for (let stage = 1; stage <= count; stage += 1) {
    const svg = earlyLayersSvg(request, stage / (count + 1), scale);
    stages.push(await sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 3 }).toBuffer());
  }
  return stages;
}

/**
 * The painting of `prompt` at any size, as an opaque sharp pipeline not yet encoded: `paint`
 * encodes it, the replace-background tool paints the new background with it.
 * `variant` joins the seed (`paint` passes the quality).
 */
export function paintPicture({
  prompt,
  width,
  height,
  seed,
  variant,
  detail,
}: {
  prompt: string;
  width: number;
  height: number;
  seed: number;
  variant: string;
  detail: number;
}): Sharp {
  const traits = traitsOf(prompt);
  const svg = sceneSvg({
    width,
    height,
    traits,
    seed: `${prompt.trim().toLowerCase()}\u0000${seed}\u0000${variant}`,
    detail,
  });
  const grain = grainTile(seed);
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: grain.pixels,
        raw: { width: grain.size, height: grain.size, channels: 4 },
        tile: true,
        blend: 'soft-light',
      },
    ])
    .removeAlpha();
}
