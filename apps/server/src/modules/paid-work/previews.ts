import { jobPreviewLimits } from '@lumigen/contract/jobs';
import sharp from 'sharp';

/** Decoding a provider's partial picture is bounded like an upload's: far beyond any drawn size. */
const mostPreviewInputPixels = 8_294_400 * 2;

/**
 * A provider's partial picture as the owner is shown it (docs/decisions/058): a small WebP at most
 * `jobPreviewLimits.longEdge` on its long side, never enlarged, without metadata.
 */
export async function previewWebp(image: Buffer): Promise<Buffer> {
  const edge = jobPreviewLimits.longEdge;
  return sharp(image, { limitInputPixels: mostPreviewInputPixels })
    .rotate()
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
}
