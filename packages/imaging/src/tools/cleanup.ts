import { inpaint, NothingToFillFrom } from '../inpaint/inpaint.ts';
import { subjectOf } from '../inpaint/subject.ts';
import { InputRejected, type Tool } from '../tool.ts';
import { decode, decodeMask, encodePng, type Raster } from '../raster.ts';

/**
 * Cleanup: the masked pixels are rebuilt from the picture's own background texture
 * (exemplar-based inpainting, see inpaint/resynthesize.ts); the subject the background-removal
 * model finds is never copied, so no second face or logo appears in the fill. A mask that marks
 * nothing, or every pixel (nothing left to copy from), is refused with the reason.
 */
export const run: Tool<'cleanup'> = async ({ image, mask }) => {
  if (!mask) throw new Error('cleanup needs a mask');
  const { rgb, alpha } = await decode(image);
  const hole = await decodeMask(mask, rgb.width, rgb.height);
  const marked = countMarked(hole);
  if (marked === 0) throw new InputRejected('the mask marks nothing to remove');
  if (marked === hole.length)
    throw new InputRejected('the mask covers the whole image, so nothing is left to fill it from');
  const filled = await cleanupFill(rgb, hole, await subjectOf(image));
  return encodePng(filled, alpha);
};

/** The fill itself, with the subject to keep out of it; `sources` reports where each filled pixel came from. */
export async function cleanupFill(
  rgb: Raster,
  hole: Uint8Array,
  subject: Uint8Array,
  sources?: Int32Array,
): Promise<Raster> {
  try {
    return await inpaint(rgb, hole, { grow: 3, seed: 'cleanup', subject, ...(sources ? { sources } : {}) });
  } catch (error) {
    if (error instanceof NothingToFillFrom)
      throw new InputRejected('apart from the main subject, the mask leaves nothing to fill it from');
    throw error;
  }
}

/** Pixels the inpainting will remove: above half, or any non-zero value in a 0/1 mask (as `inpaint` reads it). */
function countMarked(mask: Uint8Array): number {
  const max = mask.reduce((m, v) => (v > m ? v : m), 0);
  const threshold = max > 1 ? 127 : 0;
  return mask.reduce((count, v) => count + (v > threshold ? 1 : 0), 0);
}
