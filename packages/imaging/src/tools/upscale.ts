import sharp from 'sharp';
import type { Tool } from '../tool.ts';
import { decode, encodePng, resizeRaster, toBytes, type Raster } from '../raster.ts';
import { esrganUpscale, type EsrganScale } from '../upscale/esrgan.ts';

/**
 * Upscale to exactly target_width × target_height.
 *
 * Enlarging by 1.5× or more, a small enough picture goes through ESRGAN-slim (×2 or ×4, see
 * upscale/esrgan.ts): edges come out clean where lanczos rings and blurs. The network costs
 * about 20 µs per input pixel for ×2 and twice that for ×4 on one core here, so it is used only
 * while the estimate stays within `networkBudget`; the network's result is then brought to the
 * exact target with lanczos3 (the target's aspect may differ: the picture is stretched to it,
 * as the provider's upscale is). Larger pictures, and reductions, are resized with lanczos3,
 * with mild sharpening when enlarging. docs/decisions/009-classic-local-tools.md has the measurements.
 */

/** Input pixels the network may take, counted as ×2 work (a ×4 pixel counts double). */
export const networkBudget = 100_000;

export function plan(
  width: number,
  height: number,
  targetWidth: number,
  targetHeight: number,
): { network: EsrganScale | null } {
  const factor = Math.max(targetWidth / width, targetHeight / height);
  if (factor < 1.5) return { network: null };
  if (factor >= 3 && width * height * 2 <= networkBudget) return { network: 4 };
  if (width * height <= networkBudget) return { network: 2 };
  return { network: null };
}

export const run: Tool<'upscale'> = async ({ image, params }) => {
  const targetWidth = Number(params.target_width);
  const targetHeight = Number(params.target_height);
  if (!Number.isInteger(targetWidth) || !Number.isInteger(targetHeight) || targetWidth < 1 || targetHeight < 1) {
    throw new Error('upscale needs integer target_width and target_height');
  }
  const { rgb, alpha } = await decode(image);
  const { network } = plan(rgb.width, rgb.height, targetWidth, targetHeight);

  let result: Raster;
  if (network) {
    result = await resizeRaster(await esrganUpscale(rgb, network), targetWidth, targetHeight);
  } else {
    const enlarging = targetWidth * targetHeight > rgb.width * rgb.height;
    let pipeline = sharp(toBytes(rgb), { raw: { width: rgb.width, height: rgb.height, channels: 3 } }).resize(
      targetWidth,
      targetHeight,
      {
        fit: 'fill',
        kernel: 'lanczos3',
      },
    );
    if (enlarging) pipeline = pipeline.sharpen({ sigma: 0.8, m1: 0.6, m2: 2 });
    const { data } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    result = { data: Float32Array.from(data), width: targetWidth, height: targetHeight };
  }

  let resizedAlpha: Uint8Array | null = null;
  if (alpha) {
    const data = await sharp(Buffer.from(alpha), { raw: { width: rgb.width, height: rgb.height, channels: 1 } })
      .resize(targetWidth, targetHeight, { fit: 'fill', kernel: 'lanczos3' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    resizedAlpha = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  return encodePng(result, resizedAlpha);
};
