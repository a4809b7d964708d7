import sharp from 'sharp';
import { paintPicture } from '../painter/paint.ts';
import { InputRejected, type Tool } from '../tool.ts';
import { segment, type Cutout } from '../segmentation/segment.ts';
import { castShadowScaled } from '../studio/cast-shadow.ts';
import { subjectBounds } from '../studio/subject-bounds.ts';

/** The largest side this tool paints (docs/product.md: larger uploads are scaled down, not refused). */
export const replaceBackgroundMaxSide = 2048;

/**
 * The subject, cut out where it stands, over a new background that the local painter paints from
 * the prompt at the picture's size (the same prompt paints the same background). The background
 * is softly defocused, as behind a subject in focus; the subject casts a soft contact shadow, takes
 * a little of the scene's overall colour (at most ±12%: a night scene dims and cools it a touch),
 * and its edges take some of the new background's light, so it sits in the scene.
 */
export const run: Tool<'replace-background'> = async ({ image, params }) => {
  const prompt = String(params.prompt ?? '').trim();
  if (!prompt) throw new Error('a prompt is needed to paint the new background');
  const { width, height, rgba, alpha } = await fitWithin(await segment(image), replaceBackgroundMaxSide);
  const bounds = subjectBounds(alpha, width, height);
  if (!bounds) throw new InputRejected('no subject was found in the image');

  const defocus = Math.max(1, Math.min(width, height) / 500);
  const background = await paintPicture({ prompt, width, height, seed: 0, variant: 'replace-background', detail: 1 })
    .raw()
    .toBuffer();
  const soft = await sharp(background, { raw: { width, height, channels: 3 } })
    .blur(defocus)
    .raw()
    .toBuffer();
  // Light wrap: the new background's light, blurred wide, creeping over the subject's edges.
  const glow = await sharp(background, { raw: { width, height, channels: 3 } })
    .blur(Math.max(4, Math.min(width, height) / 60))
    .raw()
    .toBuffer();
  const edge = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .blur(Math.max(2, Math.min(width, height) / 150))
    .extractChannel(0)
    .raw()
    .toBuffer();

  const shadow = await castShadowScaled(alpha, width, height, bounds, { theta: 12, phi: 0, size: 3 });
  const shadowOpacity = 0.5;
  const tint = sceneTint(background);

  const out = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p += 1) {
    const a = alpha[p]! / 255;
    // Strongest just inside the edge, nothing deep inside the subject.
    const wrap = a > 0 ? 0.35 * (1 - edge[p]! / 255) * a : 0;
    const s = shadow[p]! * shadowOpacity;
    for (let c = 0; c < 3; c += 1) {
      const scene = soft[p * 3 + c]! * (1 - s * 0.8);
      const subject = Math.min(255, rgba[p * 4 + c]! * tint[c]!) * (1 - wrap) + glow[p * 3 + c]! * wrap;
      out[p * 3 + c] = Math.round(subject * a + scene * (1 - a));
    }
  }
  const png = await sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png, width, height };
};

/** Per channel, a gain of 0.88–1.12 that leans the subject toward the scene's mean colour. */
function sceneTint(rgb: Buffer): [number, number, number] {
  const sums = [0, 0, 0];
  for (let i = 0; i < rgb.length; i += 1) sums[i % 3]! += rgb[i]!;
  const pixels = rgb.length / 3;
  return sums.map((sum) => Math.min(1.12, Math.max(0.88, 1 + 0.15 * (sum / pixels / 128 - 1)))) as [
    number,
    number,
    number,
  ];
}

/** The cut-out scaled down to fit `side` × `side` when it is larger (the caller should have done so). */
async function fitWithin(cutout: Cutout, side: number): Promise<Cutout> {
  const { width, height } = cutout;
  if (width <= side && height <= side) return cutout;
  const scale = side / Math.max(width, height);
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  const rgba = await sharp(cutout.rgba, { raw: { width, height, channels: 4 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  const alpha = Buffer.alloc(w * h);
  for (let p = 0; p < alpha.length; p += 1) alpha[p] = rgba[p * 4 + 3]!;
  return { width: w, height: h, rgba, alpha };
}
