import { inpaint, NothingToFillFrom } from '../inpaint/inpaint.ts';
import { subjectOf } from '../inpaint/subject.ts';
import { InputRejected, type Tool } from '../tool.ts';
import { crop, cropMap, decode, encodePng, type Raster } from '../raster.ts';

/**
 * Uncrop: each side moves out by its extend_* value (negative moves it in, cropping), so the
 * result is exactly (w + left + right) × (h + up + down). The new border is a hole that the
 * shared inpainting fills from the picture's own texture, growing outwards from the edge, so
 * the sky goes on as sky and the grass as grass. It copies only the background (the subject the
 * background-removal model finds is kept out) and never starts from a mirror image, which put
 * upside-down copies of the subject in the border. Wide borders are synthesised at a reduced
 * scale (see `maxWorkPixels`) and enlarged, with the detail of the places they copy added back.
 */

/** The synthesis runs on at most this many pixels of canvas; more are done smaller and enlarged. */
const maxWorkPixels = 600_000;

export const run: Tool<'uncrop'> = async ({ image, params }) => {
  const extend = {
    left: Math.trunc(Number(params.extend_left ?? 0)),
    right: Math.trunc(Number(params.extend_right ?? 0)),
    up: Math.trunc(Number(params.extend_up ?? 0)),
    down: Math.trunc(Number(params.extend_down ?? 0)),
  };
  if (Object.values(extend).some((v) => !Number.isFinite(v)))
    throw new Error('uncrop needs numeric extend_left, extend_right, extend_up and extend_down');
  const { rgb, alpha } = await decode(image);
  const width = rgb.width + extend.left + extend.right;
  const height = rgb.height + extend.up + extend.down;
  if (width < 1 || height < 1) throw new Error('the crop consumes the whole image');

  // Negative extends first: what stays of the picture.
  const keepLeft = Math.max(0, -extend.left);
  const keepTop = Math.max(0, -extend.up);
  const keepWidth = rgb.width - keepLeft - Math.max(0, -extend.right);
  const keepHeight = rgb.height - keepTop - Math.max(0, -extend.down);
  if (keepWidth < 1 || keepHeight < 1) throw new Error('the crop consumes the whole image');
  const kept = crop(rgb, keepLeft, keepTop, keepWidth, keepHeight);
  const keptAlpha = alpha ? cropMap(alpha, rgb.width, keepLeft, keepTop, keepWidth, keepHeight) : null;

  const offsetX = Math.max(0, extend.left);
  const offsetY = Math.max(0, extend.up);
  if (width === keepWidth && height === keepHeight) return encodePng(kept, keptAlpha);

  // The canvas: the kept picture at its place, the rest a hole.
  const canvas: Raster = { data: new Float32Array(width * height * 3), width, height };
  const hole = new Uint8Array(width * height).fill(1);
  for (let y = 0; y < keepHeight; y += 1) {
    canvas.data.set(
      kept.data.subarray(y * keepWidth * 3, (y + 1) * keepWidth * 3),
      ((offsetY + y) * width + offsetX) * 3,
    );
    hole.fill(0, (offsetY + y) * width + offsetX, (offsetY + y) * width + offsetX + keepWidth);
  }
  const subject = await subjectOf(image);
  const canvasSubject = new Uint8Array(width * height);
  for (let y = 0; y < keepHeight; y += 1) {
    canvasSubject.set(
      subject.subarray((keepTop + y) * rgb.width + keepLeft, (keepTop + y) * rgb.width + keepLeft + keepWidth),
      (offsetY + y) * width + offsetX,
    );
  }
  const filled = await uncropFill(canvas, hole, canvasSubject);

  let canvasAlpha: Uint8Array | null = null;
  if (keptAlpha) {
    // New border is opaque; the picture keeps its own transparency.
    canvasAlpha = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < keepHeight; y += 1)
      canvasAlpha.set(keptAlpha.subarray(y * keepWidth, (y + 1) * keepWidth), (offsetY + y) * width + offsetX);
  }
  return encodePng(filled, canvasAlpha);
};

/** The border's fill, with the subject to keep out of it; `sources` reports where each filled pixel came from. */
export async function uncropFill(
  canvas: Raster,
  hole: Uint8Array,
  subject: Uint8Array,
  sources?: Int32Array,
): Promise<Raster> {
  try {
    return await inpaint(canvas, hole, {
      grow: 0,
      seed: 'uncrop',
      maxWorkPixels,
      startFromEdge: true,
      randomCandidates: 8,
      subject,
      ...(sources ? { sources } : {}),
    });
  } catch (error) {
    if (error instanceof NothingToFillFrom)
      throw new InputRejected('the picture is all subject, with no background to extend');
    throw error;
  }
}
