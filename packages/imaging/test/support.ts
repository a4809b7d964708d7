import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';

/** Helpers for the imaging tests: fixtures, pixels, and the reference implementations they are judged against. */

export function fixture(name: string): Promise<Buffer> {
  return readFile(new URL(`./fixtures/${name}`, import.meta.url));
}

export type Pixels = { data: Buffer; width: number; height: number };

export async function pixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean colour of the pixels where `select(x, y)` holds. */
export function meanColour(p: Pixels, select: (x: number, y: number) => boolean): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < p.height; y += 1) {
    for (let x = 0; x < p.width; x += 1) {
      if (!select(x, y)) continue;
      const i = (y * p.width + x) * 3;
      sum[0]! += p.data[i]!;
      sum[1]! += p.data[i + 1]!;
      sum[2]! += p.data[i + 2]!;
      n += 1;
    }
  }
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/**
 * Texture strength: RMS of the luminance Laplacian over the selected pixels. A smooth fill scores
 * near zero where the surroundings are grainy.
 */
export function textureEnergy(p: Pixels, select: (x: number, y: number) => boolean): number {
  const luma = (x: number, y: number) => {
    const i = (y * p.width + x) * 3;
    return 0.299 * p.data[i]! + 0.587 * p.data[i + 1]! + 0.114 * p.data[i + 2]!;
  };
  let sum = 0;
  let n = 0;
  for (let y = 1; y < p.height - 1; y += 1) {
    for (let x = 1; x < p.width - 1; x += 1) {
      if (!select(x, y)) continue;
      const l = 4 * luma(x, y) - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1);
      sum += l * l;
      n += 1;
    }
  }
  return Math.sqrt(sum / n);
}

/** OpenCV.js, once its WebAssembly runtime is up. Never resolve a promise with `cv` itself: it is a thenable that never settles. */
export async function openCv() {
  const require = createRequire(import.meta.url);
  const cv = require('@techstark/opencv-js');
  if (!cv.Mat) await new Promise<void>((resolve) => (cv.onRuntimeInitialized = () => resolve()));
  return { cv };
}

export type ReadLine = { text: string; mean: number; box: number[][] };

/** A full OCR (detection and recognition, @gutenye/ocr-node) to judge remove-text by what it can still read. */
export async function createReader(): Promise<(image: Buffer) => Promise<ReadLine[]>> {
  await openCv(); // @gutenye/ocr-common calls OpenCV without waiting for it
  const { default: Ocr } = await import('@gutenye/ocr-node');
  const ocr = await Ocr.create();
  // ocr-node opens its input with sharp, which takes bytes as readily as a path.
  return async (image) => (await ocr.detect(image as unknown as string)) as ReadLine[];
}

/** The 1024×768 photo-like mug of make-mug-fixture.ts (JPEG, as most uploads are). */
export const readMug = () => fixture('mug.jpg');

/**
 * Pixels that are surely the mug (its true silhouette shrunk by ~6 px) and surely background
 * (outside the silhouette grown by ~12 px), so an honest soft edge is judged by neither.
 */
export async function mugRegions(): Promise<{
  width: number;
  height: number;
  subject: Uint8Array;
  background: Uint8Array;
}> {
  const silhouette = await fixture('mug-silhouette.png');
  const grey = (blur: number, threshold: number) =>
    sharp(silhouette)
      .greyscale()
      .blur(blur)
      .threshold(threshold)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
  const [shrunk, grown] = await Promise.all([grey(4, 254), grey(8, 2)]);
  const { width, height } = shrunk.info;
  return {
    width,
    height,
    subject: Uint8Array.from(shrunk.data, (v) => (v > 127 ? 1 : 0)),
    background: Uint8Array.from(grown.data, (v) => (v > 127 ? 0 : 1)),
  };
}

/** The share of `region`'s pixels for which `test` holds. */
export function shareOf(region: Uint8Array, test: (pixel: number) => boolean): number {
  let inside = 0;
  let passing = 0;
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    inside += 1;
    if (test(p)) passing += 1;
  }
  return passing / inside;
}

/** Intersection over union of two masks, each pixel counted in where its alpha is 128 or more. */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < a.length; p += 1) {
    const [inA, inB] = [a[p]! >= 128, b[p]! >= 128];
    if (inA && inB) both += 1;
    if (inA || inB) either += 1;
  }
  return either === 0 ? 1 : both / either;
}
