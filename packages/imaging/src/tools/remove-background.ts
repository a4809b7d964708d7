import sharp from 'sharp';
import { InputRejected, type Tool } from '../tool.ts';
import { segment } from '../segmentation/segment.ts';
import { subjectBounds } from '../studio/subject-bounds.ts';

/**
 * The subject kept, the background made transparent: an RGBA PNG of the upload's size (upright),
 * with the model's soft alpha so hair and anti-aliased edges stay smooth. A picture in which the
 * model keeps no solid pixel at all (a bare wall, noise, an already transparent picture) is
 * refused rather than answered as an empty cut-out: any real subject, however small, passes.
 */
export const run: Tool<'remove-background'> = async ({ image }) => {
  const { rgba, alpha, width, height } = await segment(image);
  if (!subjectBounds(alpha, width, height)) throw new InputRejected('no subject was found in the image');
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return { png, width, height };
};
