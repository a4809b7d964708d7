import { readFile } from 'node:fs/promises';
import { detectText, segment } from '@lumigen/imaging';
import sharp from 'sharp';
import { ToolProviderError } from './provider.ts';

/** A one-channel picture at the image's size: 255 where the tool acts (white = change), 0 elsewhere. */
export type ChangeMask = { pixels: Buffer; width: number; height: number };

/**
 * The masks an outside provider is sent for the tools that have none of their own: the text our
 * detector finds (remove-text) and the background around the subject our segmentation cuts out
 * (replace-background). Replaceable in tests, where the models' seconds would only slow them.
 */
export type MaskFinder = {
  /** Undefined when the detector finds no text (remove-text then refuses, as the local tool does). */
  text(image: string): Promise<ChangeMask | undefined>;
  background(image: string): Promise<ChangeMask>;
};

export const modelMasks: MaskFinder = {
  async text(image) {
    const found = await detectText(await readFile(image));
    if (found.regions.length === 0) return undefined;
    const pixels = Buffer.alloc(found.width * found.height);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = found.mask[i] ? 255 : 0;
    return { pixels, width: found.width, height: found.height };
  },
  async background(image) {
    const cutout = await segment(await readFile(image));
    const pixels = Buffer.alloc(cutout.width * cutout.height);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = 255 - cutout.alpha[i]!;
    return { pixels, width: cutout.width, height: cutout.height };
  },
};

/** Remove-text's refusal when there is nothing to remove, in the local tool's words. */
export const noTextFound = () =>
  new ToolProviderError('rejected_input', 'remove-text refused the input: no text was found in the image', {
    reason: 'no text was found in the image',
  });

/** Our white-means-change mask (a cleanup upload, a found mask) as one channel of exactly this size. */
export async function changeMaskOf(source: string | ChangeMask, width: number, height: number): Promise<ChangeMask> {
  const input =
    typeof source === 'string'
      ? sharp(source)
      : sharp(source.pixels, { raw: { width: source.width, height: source.height, channels: 1 } });
  const pixels = await input
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { pixels, width, height };
}

/** Stability's convention (white = erase): the mask as a greyscale PNG. */
export const whiteMaskPng = (mask: ChangeMask) =>
  sharp(mask.pixels, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png()
    .toBuffer();

/** OpenAI's convention: a PNG with an alpha channel, fully transparent (alpha 0) where the picture may change. */
export function transparentMaskPng(mask: ChangeMask): Promise<Buffer> {
  const rgba = Buffer.alloc(mask.width * mask.height * 4);
  for (let i = 0; i < mask.pixels.length; i += 1) rgba[i * 4 + 3] = mask.pixels[i]! >= 128 ? 0 : 255;
  return sharp(rgba, { raw: { width: mask.width, height: mask.height, channels: 4 } })
    .png()
    .toBuffer();
}
