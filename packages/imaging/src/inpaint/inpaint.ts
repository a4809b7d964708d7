import sharp from 'sharp';
import { crop, cropMap, resizeMap, resizeRaster, toBytes, type Raster } from '../raster.ts';
import { dilate, type Box } from './mask-ops.ts';
import { patchRadius, resynthesize } from './resynthesize.ts';

export type InpaintOptions = {
  /** Pixels added around the mask: anti-aliased edges and halos of what is removed go too. */
  grow?: number;
  seed?: string;
  /**
   * The patch search runs on at most this many pixels of the hole's neighbourhood; a larger
   * region is completed at a reduced scale and enlarged back (only inside the hole).
   */
  maxWorkPixels?: number;
  /** See ResynthesisOptions.startFromEdge. */
  startFromEdge?: boolean;
  /** See ResynthesisOptions.randomCandidates. */
  randomCandidates?: number;
  /**
   * The subject (1 = subject), the image's size: no filled pixel is copied from it, nor from a
   * pixel whose compared neighbourhood reaches into it. Patches come only from the background.
   */
  subject?: Uint8Array;
  /**
   * When given (the image's size), each filled pixel's source is written here: the index of the
   * pixel it was copied from, at full resolution (a reduced-scale fill names the source's place).
   */
  sources?: Int32Array;
};

/** No pixel outside the hole and the subject to fill from. */
export class NothingToFillFrom extends Error {}

/**
 * Removes what the mask covers (0–255 or 0/1 per pixel, anything above half counts) and fills it
 * from the picture's own texture (see resynthesize.ts). Shared by cleanup, remove-text and uncrop.
 * Returns a new image.
 */
export async function inpaint(image: Raster, mask: Uint8Array, options: InpaintOptions = {}): Promise<Raster> {
  const { width, height } = image;
  const max = mask.reduce((m, v) => (v > m ? v : m), 0);
  const threshold = max > 1 ? 127 : 0;
  const binary = new Uint8Array(width * height);
  for (let i = 0; i < binary.length; i += 1) binary[i] = mask[i]! > threshold ? 1 : 0;
  const hole = dilate(binary, width, height, options.grow ?? 2);
  const out: Raster = { data: image.data.slice(), width, height };
  const subject = options.subject;
  if (subject && !binary.some((_, i) => !hole[i] && !subject[i]))
    throw new NothingToFillFrom('nothing outside the mask and the subject to fill from');
  // Each separate part of the hole (a line of text, an object) is filled within its own
  // neighbourhood: the fill borrows from what surrounds it, and thin wide holes stay cheap.
  for (const part of components(hole, width, height)) {
    if (!hole[part.seed]) continue; // filled already, with a neighbour's region
    await fillRegion(out, hole, part, options);
  }
  return out;
}

type Part = Box & { seed: number };

async function fillRegion(image: Raster, hole: Uint8Array, box: Box, options: InpaintOptions) {
  const { width, height } = image;
  const boxWidth = box.right - box.left + 1;
  const boxHeight = box.bottom - box.top + 1;
  const margin = Math.max(48, Math.round(Math.min(boxWidth, boxHeight) * 0.9));
  let left = Math.max(0, box.left - margin);
  let top = Math.max(0, box.top - margin);
  let right = Math.min(width - 1, box.right + margin);
  let bottom = Math.min(height - 1, box.bottom + margin);
  // A neighbourhood that is all hole and subject has nothing to copy: the whole picture's background serves.
  if (options.subject && backgroundIn(hole, options.subject, width, { left, top, right, bottom }) < 64)
    [left, top, right, bottom] = [0, 0, width - 1, height - 1];
  const regionWidth = right - left + 1;
  const regionHeight = bottom - top + 1;
  const region = crop(image, left, top, regionWidth, regionHeight);
  // Everything still unfilled in the region is hole, whichever part it belongs to.
  const regionHole = cropMap(hole, width, left, top, regionWidth, regionHeight);
  const regionSubject = options.subject && cropMap(options.subject, width, left, top, regionWidth, regionHeight);

  const maxWorkPixels = options.maxWorkPixels ?? 700_000;
  const scale = Math.min(1, Math.sqrt(maxWorkPixels / (regionWidth * regionHeight)));
  let filled: Raster;
  if (scale < 1) {
    const workWidth = Math.max(8, Math.round(regionWidth * scale));
    const workHeight = Math.max(8, Math.round(regionHeight * scale));
    const small = await resizeRaster(region, workWidth, workHeight);
    const smallHole = await resizeMap(
      regionHole.map((v) => (v ? 255 : 0)),
      regionWidth,
      regionHeight,
      workWidth,
      workHeight,
    );
    for (let i = 0; i < smallHole.length; i += 1) smallHole[i] = smallHole[i]! > 0 ? 1 : 0;
    // Any subject pixel marks its work pixel; grown at the work scale, it covers at least as many full pixels.
    const avoid =
      regionSubject &&
      avoidAround(
        await resizeMap(
          regionSubject.map((v) => (v ? 255 : 0)),
          regionWidth,
          regionHeight,
          workWidth,
          workHeight,
        ),
        smallHole,
        workWidth,
        workHeight,
      );
    const synthesised = resynthesize(small, smallHole, {
      seed: options.seed,
      startFromEdge: options.startFromEdge,
      randomCandidates: options.randomCandidates,
      avoid,
    });
    filled = await resizeRaster(synthesised, regionWidth, regionHeight);
    await transferDetail(region, regionHole, filled, synthesised, regionSubject);
    if (options.sources) {
      for (let y = 0; y < regionHeight; y += 1) {
        for (let x = 0; x < regionWidth; x += 1) {
          if (!regionHole[y * regionWidth + x]) continue;
          const source =
            synthesised.sourceOf[
              Math.min(workHeight - 1, Math.floor((y * workHeight) / regionHeight)) * workWidth +
                Math.min(workWidth - 1, Math.floor((x * workWidth) / regionWidth))
            ]!;
          const sx = Math.min(regionWidth - 1, Math.round(((source % workWidth) + 0.5) * (regionWidth / workWidth)));
          const sy = Math.min(
            regionHeight - 1,
            Math.round((Math.floor(source / workWidth) + 0.5) * (regionHeight / workHeight)),
          );
          options.sources[(top + y) * width + left + x] = source < 0 ? -1 : (top + sy) * width + left + sx;
        }
      }
    }
  } else {
    const avoid = regionSubject && avoidAround(regionSubject, regionHole, regionWidth, regionHeight);
    filled = resynthesize(region, regionHole, {
      seed: options.seed,
      startFromEdge: options.startFromEdge,
      randomCandidates: options.randomCandidates,
      avoid,
    });
    if (options.sources) {
      const { sourceOf } = filled as Raster & { sourceOf: Int32Array };
      for (let r = 0; r < regionHole.length; r += 1) {
        if (!regionHole[r]) continue;
        const source = sourceOf[r]!;
        options.sources[(top + Math.floor(r / regionWidth)) * width + left + (r % regionWidth)] =
          source < 0 ? -1 : (top + Math.floor(source / regionWidth)) * width + left + (source % regionWidth);
      }
    }
  }

  for (let y = 0; y < regionHeight; y += 1) {
    for (let x = 0; x < regionWidth; x += 1) {
      const r = y * regionWidth + x;
      if (!regionHole[r]) continue;
      const i = (top + y) * width + left + x;
      image.data[i * 3] = filled.data[r * 3]!;
      image.data[i * 3 + 1] = filled.data[r * 3 + 1]!;
      image.data[i * 3 + 2] = filled.data[r * 3 + 2]!;
      hole[i] = 0;
    }
  }
}

/**
 * Where no pixel may be copied from: the subject grown by the compared neighbourhood's radius
 * (and one more for rounding), so no copied patch overlaps it. The hole itself is never a source anyway.
 */
function avoidAround(subject: Uint8Array, hole: Uint8Array, width: number, height: number): Uint8Array {
  const set = new Uint8Array(subject.length);
  for (let i = 0; i < set.length; i += 1) set[i] = subject[i] && !hole[i] ? 1 : 0;
  return dilate(set, width, height, patchRadius + 2);
}

/** Known background pixels in a box: neither hole nor subject. */
function backgroundIn(hole: Uint8Array, subject: Uint8Array, width: number, box: Box): number {
  let count = 0;
  for (let y = box.top; y <= box.bottom; y += 1)
    for (let x = box.left; x <= box.right; x += 1) if (!hole[y * width + x] && !subject[y * width + x]) count += 1;
  return count;
}

/** Bounding boxes of the 8-connected parts of a mask, largest first. */
function components(mask: Uint8Array, width: number, height: number): Part[] {
  const seen = new Uint8Array(mask.length);
  const parts: (Part & { size: number })[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start += 1) {
    if (!mask[start] || seen[start]) continue;
    const part = { left: width, top: height, right: -1, bottom: -1, seed: start, size: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      part.size += 1;
      if (x < part.left) part.left = x;
      if (x > part.right) part.right = x;
      if (y < part.top) part.top = y;
      if (y > part.bottom) part.bottom = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const qy = y + dy;
        if (qy < 0 || qy >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const qx = x + dx;
          if (qx < 0 || qx >= width) continue;
          const q = qy * width + qx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    parts.push(part);
  }
  return parts.sort((a, b) => b.size - a.size);
}

/** Each pixel minus its blur: the detail a reduced-scale fill lacks. */
async function detailOf(image: Raster): Promise<Float32Array> {
  const { width, height } = image;
  const blurred = await sharp(toBytes(image), { raw: { width, height, channels: 3 } })
    .blur(1.5)
    .raw()
    .toBuffer();
  const out = new Float32Array(width * height * 3);
  for (let i = 0; i < out.length; i += 1) out[i] = image.data[i]! - blurred[i]!;
  return out;
}

/**
 * A fill made at a reduced scale, once enlarged, is soft. Every work pixel was copied from a
 * known work pixel; the full-resolution detail around that source is added back at the filled
 * pixel, so grass keeps its blades and sky its grain, each where it belongs.
 */
async function transferDetail(
  region: Raster,
  hole: Uint8Array,
  filled: Raster,
  work: Raster & { sourceOf: Int32Array },
  subject: Uint8Array | undefined,
) {
  const detail = await detailOf(region);
  const { width, height } = region;
  const sx = work.width / width;
  const sy = work.height / height;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!hole[i]) continue;
      const wx = Math.min(work.width - 1, Math.floor(x * sx));
      const wy = Math.min(work.height - 1, Math.floor(y * sy));
      const source = work.sourceOf[wy * work.width + wx]!;
      if (source < 0) continue;
      // The source's full-resolution position, keeping this pixel's offset within its work pixel.
      const fx = Math.round(((source % work.width) + (x * sx - wx)) / sx);
      const fy = Math.round((Math.floor(source / work.width) + (y * sy - wy)) / sy);
      if (fx < 0 || fy < 0 || fx >= width || fy >= height) continue;
      const from = fy * width + fx;
      if (hole[from] || subject?.[from]) continue;
      filled.data[i * 3] = filled.data[i * 3]! + detail[from * 3]!;
      filled.data[i * 3 + 1] = filled.data[i * 3 + 1]! + detail[from * 3 + 1]!;
      filled.data[i * 3 + 2] = filled.data[i * 3 + 2]! + detail[from * 3 + 2]!;
    }
  }
}
