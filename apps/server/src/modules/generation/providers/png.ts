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
