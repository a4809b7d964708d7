import { crop, cropMap, resizeMap, resizeRgb, type Rgb } from '../raster.ts';
import { boundingBox, dilate } from './mask-ops.ts';
import { resynthesize } from './resynthesize.ts';

export type InpaintOptions = {
  /** Pixels added around the mask: anti-aliased edges and halos of what is removed go too. */
  grow?: number;
  seed?: string;
  /**
   * The patch search runs on at most this many pixels of the hole's neighbourhood; a larger
   * region is completed at a reduced scale and enlarged back (only inside the hole).
   */
  maxWorkPixels?: number;
};

/**
 * Removes what the mask covers (0–255 or 0/1 per pixel, anything above half counts) and fills it
 * from the picture's own texture (see resynthesize.ts). Shared by cleanup, remove-text and uncrop.
 * Returns a new image.
 */
export async function inpaint(image: Rgb, mask: Uint8Array, options: InpaintOptions = {}): Promise<Rgb> {
  const { width, height } = image;
  const max = mask.reduce((m, v) => (v > m ? v : m), 0);
  const threshold = max > 1 ? 127 : 0;
  const binary = new Uint8Array(width * height);
  for (let i = 0; i < binary.length; i += 1) binary[i] = mask[i]! > threshold ? 1 : 0;
  const hole = dilate(binary, width, height, options.grow ?? 2);
  const box = boundingBox(hole, width, height);
  if (!box) return { data: image.data.slice(), width, height };

  // The neighbourhood searched for patches: the hole's box and as much again around it, so
  // the fill borrows from what surrounds the hole rather than from the far side of the picture.
  const boxSide = Math.max(box.right - box.left + 1, box.bottom - box.top + 1);
  const margin = Math.max(40, Math.round(boxSide * 0.75));
  const left = Math.max(0, box.left - margin);
  const top = Math.max(0, box.top - margin);
  const right = Math.min(width - 1, box.right + margin);
  const bottom = Math.min(height - 1, box.bottom + margin);
  const regionWidth = right - left + 1;
  const regionHeight = bottom - top + 1;
  const region = crop(image, left, top, regionWidth, regionHeight);
  const regionHole = cropMap(hole, width, left, top, regionWidth, regionHeight);

  const maxWorkPixels = options.maxWorkPixels ?? 700_000;
  const scale = Math.min(1, Math.sqrt(maxWorkPixels / (regionWidth * regionHeight)));
  let filled: Rgb;
  if (scale < 1) {
    const workWidth = Math.max(8, Math.round(regionWidth * scale));
    const workHeight = Math.max(8, Math.round(regionHeight * scale));
    const small = await resizeRgb(region, workWidth, workHeight);
    const smallHole = await resizeMap(
      regionHole.map((v) => (v ? 255 : 0)),
      regionWidth,
      regionHeight,
      workWidth,
      workHeight,
    );
    for (let i = 0; i < smallHole.length; i += 1) smallHole[i] = smallHole[i]! > 0 ? 1 : 0;
    filled = await resizeRgb(resynthesize(small, smallHole, { seed: options.seed }), regionWidth, regionHeight);
  } else {
    filled = resynthesize(region, regionHole, { seed: options.seed });
  }

  const out = image.data.slice();
  for (let y = 0; y < regionHeight; y += 1) {
    for (let x = 0; x < regionWidth; x += 1) {
      const r = y * regionWidth + x;
      if (!regionHole[r]) continue;
      const o = ((top + y) * width + left + x) * 3;
      out[o] = filled.data[r * 3]!;
      out[o + 1] = filled.data[r * 3 + 1]!;
      out[o + 2] = filled.data[r * 3 + 2]!;
    }
  }
  return { data: out, width, height };
}
