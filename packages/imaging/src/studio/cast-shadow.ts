import sharp from 'sharp';
import { boxBlur } from '../segmentation/box-blur.ts';
import { shadowDirection, type Light } from './light.ts';
import type { Bounds } from './subject-bounds.ts';

/** Height bands, each with its own blur: the shadow is sharp where the subject meets the floor. */
const bands = 4;
/** A column whose lowest pixel is this close (share of the subject's height) to the bottom stands on the floor. */
const touching = 0.12;

/**
 * castShadow() worked out on a copy of the alpha no larger than `workingSide` (shadows are soft,
 * and every length in it is relative to the subject's height), then scaled back: ~4× less work
 * at 1024 px, and the same at any upload size.
 */
export async function castShadowScaled(
  alpha: Buffer,
  width: number,
  height: number,
  bounds: Bounds,
  light: Pick<Light, 'theta' | 'phi' | 'size'>,
  workingSide = 512,
): Promise<Float32Array> {
  const scale = Math.min(1, workingSide / Math.max(width, height));
  if (scale === 1) return castShadow(alpha, width, height, bounds, light);
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  const small = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .resize(w, h, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const at = (v: number, side: number) => Math.min(side - 1, Math.max(0, Math.round(v * scale)));
  const smallBounds = {
    left: at(bounds.left, w),
    top: at(bounds.top, h),
    right: at(bounds.right, w),
    bottom: at(bounds.bottom, h),
  };
  const coverage = castShadow(small, w, h, smallBounds, light);
  return enlarge(coverage, w, h, width, height);
}

/** Bilinear enlargement of a float plane (smooth enough for a shadow, and exact in 0–1). */
function enlarge(plane: Float32Array, w: number, h: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const [sx, sy] = [w / width, h / height];
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const dy = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const dx = fx - x0;
      const top = plane[y0 * w + x0]! * (1 - dx) + plane[y0 * w + x1]! * dx;
      const bottom = plane[y1 * w + x0]! * (1 - dx) + plane[y1 * w + x1]! * dx;
      out[y * width + x] = top * (1 - dy) + bottom * dy;
    }
  }
  return out;
}

/**
 * The shadow the subject casts on the floor, as coverage 0–1 per pixel of the canvas (the caller
 * applies the opacity). Each column of the cut-out stands on the floor at its lowest pixel (the
 * bottom of a mug is a curve, not a line); columns that do not reach the floor, such as a handle,
 * stand where their nearest neighbours that do stand. A pixel `h` above its column's foot throws
 * its shadow `h·tan θ` along the floor away from the light, seen foreshortened. The blur grows with
 * the height the shadow comes from and with the light's size (penumbra), the shadow fades a little
 * with distance, and a tight contact shadow follows the line where the subject meets the floor.
 * The subject is not a card: it is taken to be about as deep as the curve of its foot line shows
 * (a round base seen from above the floor), so a shadow cast sideways is a band, not a line.
 */
export function castShadow(
  alpha: Buffer,
  width: number,
  height: number,
  bounds: Bounds,
  light: Pick<Light, 'theta' | 'phi' | 'size'>,
): Float32Array {
  const tall = Math.max(1, bounds.bottom - bounds.top);
  const { feet, standing, depth, foreshortening } = footLine(alpha, width, bounds);
  const reach = Math.tan((light.theta * Math.PI) / 180);
  const direction = shadowDirection(light.phi);
  const along = { x: direction.x * reach, y: direction.z * reach * foreshortening };
  const coverage = new Float32Array(width * height);

  for (let band = 0; band < bands; band += 1) {
    const centre = band / (bands - 1);
    // Triangular weights over height that add up to 1: no seams between bands.
    const weight = (f: number) => Math.max(0, 1 - Math.abs(f - centre) * (bands - 1)) * (1 - 0.45 * f);
    const layer = new Float32Array(width * height);
    const parts = [true, false].map((onFloor) => {
      const part = new Float32Array(width * height);
      const landed = project(
        alpha,
        width,
        height,
        bounds,
        feet,
        along,
        (rise, x) => (standing[x] === (onFloor ? 1 : 0) ? weight(rise / tall) : 0),
        part,
      );
      // The body's back stands `depth` rows higher than its front: its shadow starts there too.
      // Parts in the air (a handle) are taken to be thin.
      if (landed && onFloor) spreadUp(part, width, height, depth);
      return landed ? part : undefined;
    });
    if (!parts[0] && !parts[1]) continue;
    for (const part of parts)
      if (part) for (let p = 0; p < layer.length; p += 1) layer[p] = Math.max(layer[p]!, part[p]!);
    // Penumbra: a bigger light and a higher occluder blur more.
    boxBlur(layer, width, height, Math.max(1, light.size * (0.004 + 0.02 * centre) * tall), 3);
    for (let p = 0; p < coverage.length; p += 1) coverage[p]! += layer[p]!;
  }

  // Contact: the bottom few rows of each standing column pressed onto its foot, lightly blurred.
  const contact = new Float32Array(width * height);
  const low = Math.max(2, tall * 0.05);
  project(alpha, width, height, bounds, feet, { x: 0, y: 0 }, (rise) => (rise <= low ? 1 : 0), contact);
  boxBlur(contact, width, height, Math.max(1.5, tall * (0.007 + 0.0015 * light.size)), 3);
  let peak = 0;
  for (const v of contact) if (v > peak) peak = v;
  // The blur spreads a line a pixel thin: bring its peak back up.
  const gain = peak > 0 ? 1.1 / peak : 0;

  for (let p = 0; p < coverage.length; p += 1) {
    const cast = Math.min(1, coverage[p]!);
    coverage[p] = 1 - (1 - cast) * (1 - Math.min(1, contact[p]! * gain) * 0.85);
  }
  return coverage;
}

/**
 * Where each column meets the floor (NaN for columns without the subject); how deep the subject's
 * footprint looks, in rows; and so how flat the floor looks from the camera (rows per pixel of
 * depth). A round base whose front edge dips `d` rows below its sides is read as an ellipse `2d`
 * rows deep; flat or odd bases get a depth between 12% and 50% of their width.
 */
function footLine(
  alpha: Buffer,
  width: number,
  bounds: Bounds,
): { feet: Float64Array; standing: Uint8Array; depth: number; foreshortening: number } {
  const tall = Math.max(1, bounds.bottom - bounds.top);
  const feet = new Float64Array(width).fill(Number.NaN);
  const standing: number[] = [];
  for (let x = bounds.left; x <= bounds.right; x += 1) {
    let lowest = -1;
    for (let y = bounds.bottom; y >= bounds.top; y -= 1) {
      if (alpha[y * width + x]! >= 128) {
        lowest = y;
        break;
      }
    }
    if (lowest < 0) continue;
    feet[x] = lowest;
    if (bounds.bottom - lowest <= tall * touching) standing.push(x);
  }
  // Columns in the air stand where the nearest standing column does.
  for (let x = bounds.left, i = 0; x <= bounds.right; x += 1) {
    if (Number.isNaN(feet[x]!)) continue;
    while (i + 1 < standing.length && Math.abs(standing[i + 1]! - x) <= Math.abs(standing[i]! - x)) i += 1;
    const nearest = standing[i];
    if (nearest !== undefined && nearest !== x) feet[x] = Math.max(feet[x]!, feet[nearest]!);
  }
  const footWidth = standing.length > 0 ? standing.at(-1)! - standing[0]! + 1 : bounds.right - bounds.left + 1;
  let [highest, lowest] = [Infinity, -Infinity];
  for (const x of standing) [highest, lowest] = [Math.min(highest, feet[x]!), Math.max(lowest, feet[x]!)];
  const dip = standing.length > 0 ? lowest - highest : 0;
  const depth = Math.min(footWidth * 0.5, Math.max(footWidth * 0.12, 2 * dip));
  const onFloor = new Uint8Array(width);
  for (const x of standing) onFloor[x] = 1;
  return { feet, standing: onFloor, depth, foreshortening: depth / footWidth };
}

/** Each pixel takes the strongest value of the `span` pixels below it (a one-sided vertical dilation). */
function spreadUp(layer: Float32Array, width: number, height: number, span: number): void {
  const reach = Math.round(span);
  if (reach < 1) return;
  const column = new Float32Array(height);
  // Van Herk–Gil-Werman: block-wise prefix and suffix maxima make it O(pixels) for any span.
  const block = reach + 1;
  const prefix = new Float32Array(height);
  const suffix = new Float32Array(height);
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) column[y] = layer[y * width + x]!;
    for (let start = 0; start < height; start += block) {
      const end = Math.min(height, start + block);
      prefix[start] = column[start]!;
      for (let y = start + 1; y < end; y += 1) prefix[y] = Math.max(prefix[y - 1]!, column[y]!);
      suffix[end - 1] = column[end - 1]!;
      for (let y = end - 2; y >= start; y -= 1) suffix[y] = Math.max(suffix[y + 1]!, column[y]!);
    }
    for (let y = 0; y < height; y += 1) {
      const last = Math.min(height - 1, y + reach);
      // [y, last] spans at most two blocks: the suffix of the first and the prefix of the second.
      layer[y * width + x] = Math.max(suffix[y]!, prefix[last]!);
    }
  }
}

/**
 * Drops each subject pixel's shadow on the floor: from (x, y), `rise = foot(x) − y`, to
 * (x + along.x·rise, foot(x) + along.y·rise), spread over the four nearest pixels, keeping the
 * strongest value where shadows overlap. Returns whether anything landed.
 */
function project(
  alpha: Buffer,
  width: number,
  height: number,
  bounds: Bounds,
  feet: Float64Array,
  along: { x: number; y: number },
  weight: (rise: number, x: number) => number,
  layer: Float32Array,
): boolean {
  let landed = false;
  const put = (x: number, y: number, value: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const p = y * width + x;
    if (value > layer[p]!) layer[p] = value;
  };
  for (let y = bounds.top; y <= bounds.bottom; y += 1) {
    for (let x = bounds.left; x <= bounds.right; x += 1) {
      const a = alpha[y * width + x]!;
      const foot = feet[x]!;
      if (a === 0 || Number.isNaN(foot)) continue;
      const rise = Math.max(0, foot - y);
      const w = weight(rise, x);
      if (w <= 0) continue;
      const value = (a / 255) * w;
      const tx = x + along.x * rise;
      const ty = foot + along.y * rise;
      const [x0, y0] = [Math.floor(tx), Math.floor(ty)];
      const [fx, fy] = [tx - x0, ty - y0];
      put(x0, y0, value * (1 - fx) * (1 - fy));
      put(x0 + 1, y0, value * fx * (1 - fy));
      put(x0, y0 + 1, value * (1 - fx) * fy);
      put(x0 + 1, y0 + 1, value * fx * fy);
      landed = true;
    }
  }
  return landed;
}
