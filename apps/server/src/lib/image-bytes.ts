import sharp from 'sharp';

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
