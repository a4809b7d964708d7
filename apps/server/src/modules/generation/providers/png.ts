import sharp, { type Metadata } from 'sharp';
import { GenerationProviderError, type GeneratedImage } from './provider.ts';

/**
 * A provider's bytes as a PNG with its real dimensions. OpenAI sends PNG; a compatible server
 * may send JPEG or WebP, which is converted, since the API promises `data:image/png`.
 */
export async function toPng(bytes: Buffer): Promise<GeneratedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch (error) {
    throw new GenerationProviderError('failed', 'the provider sent something that is not an image', { cause: error });
  }
  const { format, width, height } = metadata;
  if (!width || !height) throw new GenerationProviderError('failed', 'the provider sent an image without dimensions');
  const png = format === 'png' ? bytes : await sharp(bytes).png().toBuffer();
  return { png, width, height };
}
