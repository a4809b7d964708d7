import sharp from 'sharp';
import { asPng } from '../../../lib/image-bytes.ts';
import { GenerationProviderError, type GeneratedImage } from './provider.ts';

/**
 * A provider's bytes as a PNG with its real dimensions. OpenAI sends PNG; a compatible server
 * may send JPEG or WebP, which is converted, since the API promises `data:image/png`.
 */
export async function toPng(bytes: Buffer): Promise<GeneratedImage> {
  const image = await asPng(bytes);
  if (!image) throw new GenerationProviderError('failed', 'the provider sent something that is not an image');
  return image;
}

/**
 * The provider's picture at exactly the size the user chose: kept as it is when it already is,
 * otherwise scaled to cover that size and centre-cropped (a model with fixed sizes, or a server
 * that draws at its own, never changes what the user paid for).
 */
export async function toPngOfSize(bytes: Buffer, width: number, height: number): Promise<GeneratedImage> {
  const image = await toPng(bytes);
  if (image.width === width && image.height === height) return image;
  const png = await sharp(image.png).resize(width, height, { fit: 'cover', position: 'centre' }).png().toBuffer();
  return { png, width, height };
}
