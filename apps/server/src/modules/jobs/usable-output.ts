import { messages } from '@lumigen/contract/messages';
import sharp, { type ChannelStats, type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

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

/**
 * Cheap checks of a provider's answer before anyone is charged for it (issue 16): the size it
 * promised (read from the header, no decoding), then libvips' per-channel statistics (fully
 * transparent, all black, one flat colour), then — for a tool that must change the picture — the
 * result and the input scaled to 64×64 and compared. The pixel work stays in libvips; JavaScript
 * only looks at 16 thousand bytes. The answer is decoded once. Throws `UnusableOutputError`, whose message the user reads.
 */
export async function assertUsableOutput(png: Buffer, promise: OutputPromise): Promise<void> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  if (promise.size && (width !== promise.size.width || height !== promise.size.height)) {
    throw new UnusableOutputError('wrong_size', messages.unusable.wrongSize(width, height, promise.size.width, promise.size.height));
  }

  // Where the small copy is needed too, the answer is decoded once and both are made from its
  // pixels; otherwise the statistics decode it without handing the pixels to JavaScript.
  let pixels = () => sharp(png);
  if (promise.changedFrom) {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  const { channels } = await pixels().stats();
  // 1–2 channels: grey (and alpha); 3–4: RGB (and alpha).
  const colourCount = channels.length <= 2 ? 1 : 3;
  const colour = channels.slice(0, colourCount);
  const alpha = channels.length > colourCount ? channels[colourCount] : undefined;
  const flat = (channel: ChannelStats) => channel.max - channel.min <= flatRange;
  if (alpha && alpha.max <= flatRange) throw new UnusableOutputError('transparent', messages.unusable.transparent);
  // A black silhouette on a transparent canvas is a picture; black everywhere, equally opaque, is not.
  if (colour.every((channel) => channel.max <= blackMax) && (!alpha || flat(alpha))) throw new UnusableOutputError('black', messages.unusable.black);
  if (channels.every(flat)) throw new UnusableOutputError('one_colour', messages.unusable.oneColour);

  if (promise.changedFrom && (await looksTheSame(pixels(), promise.changedFrom))) throw new UnusableOutputError('unchanged', messages.unusable.unchanged);
}

async function looksTheSame(output: Sharp, inputPath: string): Promise<boolean> {
  const small = (image: Sharp) => image.resize(compareSide, compareSide, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  // The input upright, as the provider was given it (EXIF orientation applied).
  const [result, input] = await Promise.all([small(output), small(sharp(inputPath).rotate())]);
  if (result.length !== input.length) return false;
  for (let i = 0; i < result.length; i += 1) if (Math.abs(result[i]! - input[i]!) > sameTolerance) return false;
  return true;
}
