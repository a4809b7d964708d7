import { inpaint } from './inpaint/inpaint.ts';
import type { LocalTool } from './local-tool.ts';
import { decode, decodeMask, encodePng } from './raster.ts';

/**
 * Cleanup: the masked pixels are rebuilt from the picture's own texture (exemplar-based
 * inpainting, see inpaint/patch-inpaint.ts); an empty mask returns the picture unchanged.
 */
export const run: LocalTool = async ({ image, mask }) => {
  if (!mask) throw new Error('cleanup needs a mask');
  const { rgb, alpha } = await decode(image);
  const hole = await decodeMask(mask, rgb.width, rgb.height);
  const filled = await inpaint(rgb, hole, { grow: 3, seed: 'cleanup' });
  return encodePng(filled, alpha);
};
