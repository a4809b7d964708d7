import sharp from 'sharp';
import { asPng, type HeldPngImage } from '../../../lib/image-bytes.ts';
import { ToolProviderError } from './provider.ts';

/**
 * A provider's answer as a PNG of exactly the size the tool promises (an outside model draws at
 * sizes of its own); undefined `size`: as it came. Only PNG, JPEG and WebP are decoded.
 */
export async function answerOfSize(
  provider: string,
  bytes: Buffer,
  size: { width: number; height: number } | undefined,
): Promise<HeldPngImage> {
  const png = await asPng(bytes);
  if (!png)
    throw new ToolProviderError(
      'failed',
      `${provider} answered ${bytes.length} bytes that are not a PNG, JPEG or WebP image`,
    );
  if (!size || (png.width === size.width && png.height === size.height)) return png;
  const resized = await sharp(png.png).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
  return { png: resized, ...size };
}
