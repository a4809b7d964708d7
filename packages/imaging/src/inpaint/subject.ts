import { segment } from '../segmentation/segment.ts';

/** Coverage above which a pixel counts as the subject: low, so a soft edge (hair, fur) is kept out of any fill too. */
const subjectCoverage = 32;

/**
 * The picture's main subject (1) and background (0), from the background-removal model, at the
 * size `decode` gives: fills copy only from the background, so a fill never grows a second face.
 */
export async function subjectOf(image: Buffer): Promise<Uint8Array> {
  const { alpha } = await segment(image);
  return Uint8Array.from(alpha, (value) => (value > subjectCoverage ? 1 : 0));
}
