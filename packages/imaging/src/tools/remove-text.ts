import { inpaint } from '../inpaint/inpaint.ts';
import { InputRejected, type Tool } from '../tool.ts';
import { decode, encodePng } from '../raster.ts';
import { detectText } from '../text-detection/detect-text.ts';

/**
 * Remove text: PaddleOCR's detector finds every line of text, the lines become a mask (grown a
 * little more for outlines and shadows), and the shared inpainting rebuilds what was behind them.
 * A picture in which the detector finds no text is refused rather than answered unchanged as if
 * edited (docs/decisions/012-local-tools-refuse-input.md).
 */
export const run: Tool<'remove-text'> = async ({ image }) => {
  const text = await detectText(image);
  if (text.regions.length === 0) throw new InputRejected('no text was found in the image');
  const { rgb, alpha } = await decode(image);
  const filled = await inpaint(rgb, text.mask, { grow: 3, seed: 'remove-text' });
  return encodePng(filled, alpha);
};
