import sharp from 'sharp';
import type { LocalTool } from './local-tool.ts';
import { segment } from './segmentation/segment.ts';

/**
 * The subject kept, the background made transparent: an RGBA PNG of the upload's size (upright),
 * with the model's soft alpha so hair and anti-aliased edges stay smooth.
 */
export const run: LocalTool = async ({ image }) => {
  const { rgba, width, height } = await segment(image);
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer();
  return { png, width, height };
};
