import { inpaint } from './inpaint/inpaint.ts';
import type { LocalTool } from './local-tool.ts';
import { decode, encodePng } from './raster.ts';
import { detectText } from './text-detection/detect-text.ts';

/**
 * Remove text: PaddleOCR's detector finds every line of text, the lines become a mask (grown a
 * little more for outlines and shadows), and the shared inpainting rebuilds what was behind them.
 * A picture without text comes back unchanged.
 */
export const run: LocalTool = async ({ image }) => {
  const { rgb, alpha } = await decode(image);
  const text = await detectText(image);
  if (text.regions.length === 0) return encodePng(rgb, alpha);
  const filled = await inpaint(rgb, text.mask, { grow: 3, seed: 'remove-text' });
  return encodePng(filled, alpha);
};
