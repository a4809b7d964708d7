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

export type PngImage = { png: Buffer; width: number; height: number };

/**
 * Bytes a provider returned, as a PNG with its real dimensions (PNG kept as is; JPEG and WebP
 * converted, since the API promises `data:image/png`); undefined when they are not an image.
 */
export async function asPng(bytes: Buffer): Promise<PngImage | undefined> {
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    if (!width || !height) return undefined;
    const png = format === 'png' ? bytes : await sharp(bytes).png().toBuffer();
    return { png, width, height };
  } catch {
    return undefined;
  }
}
