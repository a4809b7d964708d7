import sharp, { type KernelEnum } from 'sharp';

/**
 * Pixels the tools work on: interleaved RGB as floats (0–255), so filters and blends can
 * accumulate without clamping until the end. Alpha, when the upload has any, travels beside it.
 */
export type Raster = { data: Float32Array; width: number; height: number };

export type Decoded = { rgb: Raster; alpha: Uint8Array | null };

/** Uploads are already within the tool's pixel limit; this guard only stops a caller's mistake. */
const limitInputPixels = 30_000_000;

export async function decode(image: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(image, { limitInputPixels })
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rgb = new Float32Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  let opaque = true;
  for (let i = 0, j = 0, k = 0; k < width * height; i += 4, j += 3, k += 1) {
    rgb[j] = data[i]!;
    rgb[j + 1] = data[i + 1]!;
    rgb[j + 2] = data[i + 2]!;
    alpha[k] = data[i + 3]!;
    if (data[i + 3] !== 255) opaque = false;
  }
  return { rgb: { data: rgb, width, height }, alpha: opaque ? null : alpha };
}

/** A single-channel 0–255 map of exactly `width` × `height` (the cleanup mask): white or opaque = 255. */
export async function decodeMask(mask: Buffer, width: number, height: number): Promise<Uint8Array> {
  const image = sharp(mask, { limitInputPixels }).rotate();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) {
    throw new Error(`mask is ${info.width}×${info.height}, the image ${width}×${height}`);
  }
  // A mask is either drawn white on black (opaque) or painted on transparency: a pixel counts
  // when it is both bright and opaque, so a black opaque background and a transparent one both read as "keep".
  const out = new Uint8Array(width * height);
  for (let i = 0, k = 0; k < out.length; i += 4, k += 1) {
    const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    out[k] = Math.round((luma * data[i + 3]!) / 255);
  }
  return out;
}

export function toBytes(rgb: Raster, alpha: Uint8Array | null = null): Buffer {
  const { data, width, height } = rgb;
  const channels = alpha ? 4 : 3;
  const out = Buffer.alloc(width * height * channels);
  for (let k = 0, j = 0, o = 0; k < width * height; k += 1, j += 3, o += channels) {
    out[o] = clampByte(data[j]!);
    out[o + 1] = clampByte(data[j + 1]!);
    out[o + 2] = clampByte(data[j + 2]!);
    if (alpha) out[o + 3] = alpha[k]!;
  }
  return out;
}

export async function encodePng(
  rgb: Raster,
  alpha: Uint8Array | null = null,
): Promise<{ png: Buffer; width: number; height: number }> {
  const { width, height } = rgb;
  const png = await sharp(toBytes(rgb, alpha), { raw: { width, height, channels: alpha ? 4 : 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, width, height };
}

export async function resizeRaster(
  rgb: Raster,
  width: number,
  height: number,
  kernel: keyof KernelEnum = 'lanczos3',
): Promise<Raster> {
  if (rgb.width === width && rgb.height === height) return rgb;
  const { data } = await sharp(toBytes(rgb), { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float32Array.from(data), width, height };
}

export async function blurRaster(image: Raster, sigma: number): Promise<Raster> {
  const { data } = await sharp(toBytes(image), { raw: { width: image.width, height: image.height, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float32Array.from(data), width: image.width, height: image.height };
}

export async function resizeMap(
  map: Uint8Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
): Promise<Uint8Array> {
  if (width === toWidth && height === toHeight) return map;
  const data = await sharp(Buffer.from(map.buffer, map.byteOffset, map.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .resize(toWidth, toHeight, { fit: 'fill', kernel: 'linear' })
    // Without this, libvips answers a one-channel image as sRGB, three channels.
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}

export function crop(rgb: Raster, left: number, top: number, width: number, height: number): Raster {
  const data = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * rgb.width + left) * 3;
    data.set(rgb.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { data, width, height };
}

export function cropMap<T extends Uint8Array | Float32Array>(
  map: T,
  mapWidth: number,
  left: number,
  top: number,
  width: number,
  height: number,
): T {
  const out = new (map.constructor as new (n: number) => T)(width * height);
  for (let y = 0; y < height; y += 1) {
    const from = (top + y) * mapWidth + left;
    out.set(map.subarray(from, from + width) as never, y * width);
  }
  return out;
}

/** Luminance (Rec. 601) of each pixel. */
export function luminance(rgb: Raster): Float32Array {
  const out = new Float32Array(rgb.width * rgb.height);
  const d = rgb.data;
  for (let k = 0, j = 0; k < out.length; k += 1, j += 3) out[k] = 0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!;
  return out;
}
