import sharp from 'sharp';
import { InputRejected, type Tool } from '../tool.ts';
import { segment } from '../segmentation/segment.ts';
import { studioBackdrop } from '../studio/backdrop.ts';
import { castShadowScaled } from '../studio/cast-shadow.ts';
import { lightFrom, shadowOpacity, type Light } from '../studio/light.ts';
import { subjectBounds, type Bounds } from '../studio/subject-bounds.ts';

/** The shadow's colour as a multiplier: a touch cool, as a studio's fill light leaves it. */
const shadowTint = [0.16, 0.17, 0.2] as const;

/**
 * The subject, cut out where it stands, on a clean studio sweep of the upload's size, lit from the
 * sliders' light (studio/light.ts says how they read) and casting its shadow on the floor.
 */
export const run: Tool<'product-photography'> = async ({ image, params }) => {
  const light = lightFrom(params);
  const cutout = await segment(image);
  const { width, height, alpha, rgba } = cutout;
  const bounds = subjectBounds(alpha, width, height);
  if (!bounds) throw new InputRejected('no subject was found in the image');

  const backdrop = await studioBackdrop(width, height, bounds, light);
  const shadow = await castShadowScaled(alpha, width, height, bounds, light);
  const opacity = shadowOpacity(light.darkness);
  const subject = relight(rgba, width, bounds, light);

  const out = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p += 1) {
    const s = shadow[p]! * opacity;
    const a = alpha[p]! / 255;
    for (let c = 0; c < 3; c += 1) {
      const floor = backdrop[p * 3 + c]! * (1 - s * (1 - shadowTint[c]!));
      out[p * 3 + c] = Math.round(subject[p * 4 + c]! * a + floor * (1 - a));
    }
  }
  const png = await sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png, width, height };
};

/**
 * The subject takes the light: brighter on the side the light comes from (more so the lower the
 * light), a little darker when lit from behind and brighter when lit from the front.
 */
function relight(rgba: Buffer, width: number, bounds: Bounds, light: Light): Buffer {
  const radians = (light.phi * Math.PI) / 180;
  const side = 0.12 * Math.sin(radians) * (0.4 + (0.6 * light.theta) / 45);
  const front = -0.06 * Math.cos(radians);
  const centre = (bounds.left + bounds.right) / 2;
  const half = Math.max(1, (bounds.right - bounds.left) / 2);
  const lit = Buffer.from(rgba);
  for (let p = 0; p < lit.length / 4; p += 1) {
    if (lit[p * 4 + 3] === 0) continue;
    const u = Math.max(-1, Math.min(1, ((p % width) - centre) / half));
    const gain = 1 + front + side * u;
    for (let c = 0; c < 3; c += 1) lit[p * 4 + c] = Math.min(255, Math.round(lit[p * 4 + c]! * gain));
  }
  return lit;
}
