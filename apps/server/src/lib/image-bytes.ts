import { open } from 'node:fs/promises';
import type { AcceptedImageType } from '@lumigen/contract/tools';
import sharp from 'sharp';

/**
 * The image type the bytes themselves declare (their magic numbers), whatever a file name or a
 * Content-Type header claims: PNG, JPEG or WebP, else undefined.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | undefined {
  const starts = (offset: number, ...expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF <size> WEBP
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

/** As `sniffImageType`, for a file: its first 16 bytes, read without reading the rest. */
export async function sniffImageFile(file: string): Promise<AcceptedImageType | undefined> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return sniffImageType(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** A PNG written to a file rather than held in memory: its path and its size in bytes. */
export type PngFile = { path: string; size: number };

/** A PNG with its real dimensions: its bytes, or the file a large answer was written to. */
export type PngImage = { png: Buffer | PngFile; width: number; height: number };

/** A PNG held in memory, with its real dimensions. */
export type HeldPngImage = PngImage & { png: Buffer };

/**
 * The largest PNG the server holds in memory between a provider and the answer; a larger one is
 * written to a file as it arrives and read from the store as it is sent. Held whole, each of 20
 * edits of 10 MB pictures pinned 22 MB twice over: in the worker until stored, and in the waiting
 * answer until its client read it all (docs/decisions/043). A generation (0.4–3 MB) and a typical
 * edit (1 MB) stay under it, and are never read back.
 */
export const heldPngBytes = 4 * 1024 * 1024;

/** Its size in bytes. */
export const pngByteSize = (png: Buffer | PngFile): number => (Buffer.isBuffer(png) ? png.length : png.size);

/** As libvips (sharp) takes it: the bytes, or the file's path. */
export const pngSource = (png: Buffer | PngFile): Buffer | string => (Buffer.isBuffer(png) ? png : png.path);

/**
 * Bytes a provider returned, as a PNG with its real dimensions (PNG kept as is; JPEG and WebP
 * converted, since the API promises `data:image/png`); undefined when they are not an image.
 */
export async function asPng(bytes: Buffer): Promise<HeldPngImage | undefined> {
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    if (!width || !height) return undefined;
    const png = format === 'png' ? bytes : await sharp(bytes).png().toBuffer();
    return { png, width, height };
  } catch {
    return undefined;
  }
}

/** As `asPng`, for an answer written to a file: a JPEG or WebP is converted to a file beside it. */
export async function asPngFile(file: PngFile): Promise<PngImage | undefined> {
  try {
    const { format, width, height } = await sharp(file.path).metadata();
    if (!width || !height) return undefined;
    if (format === 'png') return { png: file, width, height };
    const converted = `${file.path}.png`;
    const { size } = await sharp(file.path).png().toFile(converted);
    return { png: { path: converted, size }, width, height };
  } catch {
    return undefined;
  }
}
