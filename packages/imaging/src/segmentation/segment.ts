import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { boxBlur } from './box-blur.ts';
import { predictSubject, segmentationModel } from './model.ts';

/** A subject cut out of a picture: straight (not premultiplied) RGBA and its alpha, same size. */
export type Cutout = { width: number; height: number; rgba: Buffer; alpha: Buffer };

/**
 * The last few cut-outs of this thread, by the upload's hash: a customer who moves a slider of
 * product photography and runs it again on the same picture skips the 3–4 s model when the same
 * worker answers. Pictures over ~4 MP are not kept (a cut-out holds 5 bytes a pixel).
 */
const recent = new Map<string, Cutout>();
const cacheSize = 2;
const cacheablePixels = 4_200_000;

/** Drops the kept cut-outs (the bench measures the model every time). */
export function forgetCutouts(): void {
  recent.clear();
}

/**
 * Cuts the main subject out of a PNG, JPEG or WebP (turned upright by its EXIF orientation first).
 * The model sees the picture squeezed to 1024 × 1024; its map is scaled back to the picture's size,
 * its faint haze snapped to 0 and 255, and any transparency the upload already had is kept.
 * The colours of half-transparent edge pixels are replaced by the subject's own nearby colour, so
 * the old background does not show as a fringe on a new one.
 */
export async function segment(image: Buffer): Promise<Cutout> {
  const key = createHash('sha256').update(image).digest('hex');
  const cutout = recent.get(key) ?? (await cutOut(image));
  recent.delete(key);
  if (cutout.width * cutout.height <= cacheablePixels) {
    recent.set(key, cutout);
    // A Map iterates in insertion order: the first key is the least recently used.
    while (recent.size > cacheSize) recent.delete(recent.keys().next().value!);
  }
  // Copies: callers may draw on theirs.
  return { ...cutout, rgba: Buffer.from(cutout.rgba), alpha: Buffer.from(cutout.alpha) };
}

async function cutOut(image: Buffer): Promise<Cutout> {
  const { data: original, info } = await sharp(image)
    .autoOrient()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const raw = { raw: { width, height, channels: 4 as const } };
  const size = segmentationModel.inputSize;
  const modelInput = await sharp(original, raw)
    .flatten({ background: '#ffffff' })
    .resize(size, size, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const probability = await predictSubject(modelInput);

  const map = Buffer.alloc(size * size);
  for (let i = 0; i < map.length; i += 1) map[i] = Math.round(Math.min(1, Math.max(0, probability[i]!)) * 255);
  // Mitchell rather than lanczos: no ringing halo around the edge when the map is enlarged.
  // A one-band raw image comes back from libvips as sRGB: keep the first band only.
  const alpha = await sharp(map, { raw: { width: size, height: size, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'mitchell' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  // The upload's own pixels become the cut-out: nothing else reads them.
  const rgba = original;
  for (let p = 0, a = 3; p < alpha.length; p += 1, a += 4) {
    const value = alpha[p]! < 8 ? 0 : alpha[p]! > 247 ? 255 : alpha[p]!;
    alpha[p] = Math.round((value * rgba[a]!) / 255);
    rgba[a] = alpha[p]!;
  }
  decontaminateEdges(rgba, width, height);
  return { width, height, rgba, alpha };
}

/**
 * An edge pixel is a mix of subject and old background: I = αF + (1 − α)B. F is estimated as the
 * mean colour of the nearby fully opaque pixels (a normalised box blur, at two scales for wide
 * edges), and the pixel's colour moves toward it the more transparent it is. Only the box around
 * the edge pixels is worked on.
 */
export function decontaminateEdges(rgba: Buffer, width: number, height: number): void {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const a = rgba[(y * width + x) * 4 + 3]!;
      if (a > 0 && a < 250) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) return;
  const base = Math.max(2, Math.round(Math.min(width, height) / 300));
  const scales = [base, base * 6];
  const margin = 3 * scales[1]!;
  [left, top] = [Math.max(0, left - margin), Math.max(0, top - margin)];
  [right, bottom] = [Math.min(width - 1, right + margin), Math.min(height - 1, bottom + margin)];
  const [w, h] = [right - left + 1, bottom - top + 1];

  // The opaque pixels' colours (weighted 1) in the box, blurred at each scale. Plain row loops:
  // this runs on every cut-out, on up to a whole picture.
  const opaque = [0, 1, 2, 3].map(() => new Float32Array(w * h)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  for (let y = 0, i = 0; y < h; y += 1) {
    for (let x = 0, p = ((top + y) * width + left) * 4; x < w; x += 1, i += 1, p += 4) {
      if (rgba[p + 3]! < 250) continue;
      opaque[0][i] = 1;
      opaque[1][i] = rgba[p]!;
      opaque[2][i] = rgba[p + 1]!;
      opaque[3][i] = rgba[p + 2]!;
    }
  }
  const estimates = scales.map((radius, s) => {
    const planes = s === scales.length - 1 ? opaque : (opaque.map((plane) => plane.slice()) as typeof opaque);
    for (const plane of planes) boxBlur(plane, w, h, radius);
    return planes;
  });
  for (let y = 0, i = 0; y < h; y += 1) {
    for (let x = 0, p = ((top + y) * width + left) * 4; x < w; x += 1, i += 1, p += 4) {
      const a = rgba[p + 3]!;
      if (a === 0 || a >= 250) continue;
      const [weight, r, g, b] = estimates[0]![0][i]! > 0.02 ? estimates[0]! : estimates[1]!;
      const total = weight[i]!;
      if (total <= 0.02) continue;
      // Opaque-ish pixels keep most of their own colour; faint ones take the estimate.
      const keep = (a / 255) ** 2;
      rgba[p] = Math.round(keep * rgba[p]! + ((1 - keep) * r[i]!) / total);
      rgba[p + 1] = Math.round(keep * rgba[p + 1]! + ((1 - keep) * g[i]!) / total);
      rgba[p + 2] = Math.round(keep * rgba[p + 2]! + ((1 - keep) * b[i]!) / total);
    }
  }
}
