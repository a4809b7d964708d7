import { messages } from '@lumigen/contract/messages';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { pngSource, type PngFile } from '../../lib/image-bytes.ts';

/** Why a provider's picture cannot be used; counted by these names (`lumigen_unusable_outputs_total`). */
export type UnusableReason = 'transparent' | 'black' | 'one_colour' | 'unchanged' | 'wrong_size';

/** What the result was promised to be: its exact size, and different from the input (a file). */
export type OutputPromise = { size?: { width: number; height: number } | undefined; changedFrom?: string | undefined };

export class UnusableOutputError extends AppError {
  readonly reason: UnusableReason;
  constructor(reason: UnusableReason, message: string) {
    super('provider_failed', message);
    this.reason = reason;
  }
}

// Channel values (0–255). PNG is lossless, but a provider may have passed the picture through
// JPEG; "flat" tolerates that much noise and nothing a real picture has.
const flatRange = 2;
const blackMax = 4;
// The two pictures, both scaled to this square, differ nowhere by more than `sameTolerance`.
const compareSide = 64;
const sameTolerance = 2;
// The band of the picture looked at first (see `assertUsableOutput`).
const leadingRows = 16;

/**
 * Cheap checks of a provider's answer before anyone is charged for it: the size it
 * promised (read from the header, no decoding), then each channel's range (fully transparent, all
 * black, one flat colour: `flatness`), on the top rows and, when they leave a doubt, the whole
 * picture, then — for a tool that must change the picture — the result and the input scaled to
 * 64×64 by libvips and compared. The whole answer is decoded at most once.
 * Throws `UnusableOutputError`, whose message the user reads.
 */
export async function assertUsableOutput(answer: Buffer | PngFile, promise: OutputPromise): Promise<void> {
  const png = pngSource(answer);
  const { width = 0, height = 0 } = await sharp(png).metadata();
  if (promise.size && (width !== promise.size.width || height !== promise.size.height)) {
    throw new UnusableOutputError(
      'wrong_size',
      messages.unusable.wrongSize(width, height, promise.size.width, promise.size.height),
    );
  }

  // Judged on its top rows first: min and max only widen, so rows that are neither transparent,
  // black nor one colour settle the scan, and libvips decodes no further (0.8 ms against 7.1 ms for
  // a 512×512 painting; docs/decisions/040). Rows that leave a doubt (a cut-out's transparent top)
  // send the whole picture to the scan, decoded once to 8-bit samples (sharp's raw output, 16-bit
  // PNGs included), and the comparison below reads those same pixels.
  let decoded: Sharp | undefined;
  const top =
    height > leadingRows
      ? await sharp(png, { sequentialRead: true })
          .extract({ left: 0, top: 0, width, height: leadingRows })
          .raw()
          .toBuffer({ resolveWithObject: true })
      : undefined;
  if (!top || flatness(top.data, top.info.channels)) {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const unusable = flatness(data, info.channels);
    if (unusable)
      throw new UnusableOutputError(unusable, messages.unusable[unusable === 'one_colour' ? 'oneColour' : unusable]);
    decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }

  // Else scaled from the PNG as it streams through libvips, as the input is from its file: no
  // full-size copy of the answer's pixels (3 MB for a 1024×768 edit, 100 MB for 25 megapixels).
  if (promise.changedFrom && (await looksTheSame(decoded ?? sharp(png), promise.changedFrom)))
    throw new UnusableOutputError('unchanged', messages.unusable.unchanged);
}

/**
 * Whether interleaved 8-bit pixels are fully transparent, all black or one flat colour, from each
 * channel's lowest and highest value. libvips' `stats()` gave the same answer for some four times
 * the CPU of decoding (it also measures entropy, sharpness and the dominant colour: 40 ms for a
 * 1024×768 answer here, against 11 ms to decode it). The scan stops as soon as none of the three
 * can hold any more, which for a real picture is within its first rows (docs/decisions/034).
 */
export function flatness(data: Uint8Array, channels: number): 'transparent' | 'black' | 'one_colour' | undefined {
  // 1–2 channels: grey (and alpha); 3–4: RGB (and alpha).
  const colourCount = channels <= 2 ? 1 : 3;
  const alpha = channels > colourCount ? colourCount : -1;
  const min = new Array<number>(channels).fill(255);
  const max = new Array<number>(channels).fill(0);
  const flat = (c: number) => max[c]! - min[c]! <= flatRange;
  const transparent = () => alpha >= 0 && max[alpha]! <= flatRange;
  // A black silhouette on a transparent canvas is a picture; black everywhere, equally opaque, is not.
  const black = () => max.slice(0, colourCount).every((value) => value <= blackMax) && (alpha < 0 || flat(alpha));
  const oneColour = () => max.every((_, c) => flat(c));
  // Checked every `stride` samples (about a row of a small picture): min and max only widen, so a
  // verdict of "usable" on part of the picture holds for the whole.
  const stride = channels * 1024;
  for (let at = 0; at < data.length; at += stride) {
    const end = Math.min(data.length, at + stride);
    for (let i = at; i < end; i += channels) {
      for (let c = 0; c < channels; c += 1) {
        const value = data[i + c]!;
        if (value < min[c]!) min[c] = value;
        if (value > max[c]!) max[c] = value;
      }
    }
    if (!transparent() && !black() && !oneColour()) return undefined;
  }
  if (transparent()) return 'transparent';
  if (black()) return 'black';
  if (oneColour()) return 'one_colour';
  return undefined;
}

async function looksTheSame(output: Sharp, inputPath: string): Promise<boolean> {
  const small = (image: Sharp) =>
    image.resize(compareSide, compareSide, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  // The input upright, as the provider was given it (EXIF orientation applied).
  const [result, input] = await Promise.all([small(output), small(sharp(inputPath).rotate())]);
  if (result.length !== input.length) return false;
  for (let i = 0; i < result.length; i += 1) if (Math.abs(result[i]! - input[i]!) > sameTolerance) return false;
  return true;
}
