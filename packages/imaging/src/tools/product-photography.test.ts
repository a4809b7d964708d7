import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mugRegions, readMug } from '../../test/support.ts';
import { InputRejected } from '../tool.ts';
import { run } from './product-photography.ts';

type Params = Record<string, number>;
const width = 1024;

let mug: Buffer;
let regions: Awaited<ReturnType<typeof mugRegions>>;

/** Grey levels (0–255) of a render. */
async function luminance(params: Params): Promise<Float32Array> {
  const { png } = await run({ image: mug, params });
  const grey = await sharp(png).greyscale().raw().toBuffer();
  return Float32Array.from(grey);
}

/**
 * How much darker the floor is with these sliders than without a shadow (shadow_darkness 0, the
 * same light otherwise), on pixels that are surely background.
 */
async function shadowOf(params: Params): Promise<Float32Array> {
  const [lit, unshadowed] = await Promise.all([luminance(params), luminance({ ...params, shadow_darkness: 0 })]);
  return lit.map((v, p) => (regions.background[p] ? Math.max(0, unshadowed[p]! - v) : 0));
}

function centroid(darkness: Float32Array): { x: number; y: number; total: number } {
  let [sx, sy, total] = [0, 0, 0];
  darkness.forEach((d, p) => {
    sx += (p % width) * d;
    sy += Math.floor(p / width) * d;
    total += d;
  });
  return { x: sx / total, y: sy / total, total };
}

/** How many pixels the shadow visibly darkens (by 4 grey levels or more): a soft shadow spreads wider. */
const spread = (darkness: Float32Array) => darkness.filter((d) => d >= 4).length;

// Every render below reuses the first one's cut-out (segment() keeps the last two per thread):
// only the first waits for the model.
describe('product-photography (local: cut-out, studio sweep, cast shadow)', () => {
  beforeAll(async () => {
    [mug, regions] = await Promise.all([readMug(), mugRegions()]);
    await run({ image: mug, params: {} });
  }, 180_000);

  it('answers an opaque PNG of exactly the upload size, the subject kept and the old background gone', async () => {
    const { png, width: w, height: h } = await run({ image: mug, params: {} });
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha, w, h]).toEqual([
      'png',
      1024,
      768,
      false,
      1024,
      768,
    ]);

    const [out, input] = await Promise.all([sharp(png).raw().toBuffer(), sharp(mug).raw().toBuffer()]);
    let [subjectDifference, subjectCount, backgroundDifference, backgroundCount] = [0, 0, 0, 0];
    for (let p = 0; p < regions.subject.length; p += 1) {
      const difference =
        Math.abs(out[p * 3]! - input[p * 3]!) +
        Math.abs(out[p * 3 + 1]! - input[p * 3 + 1]!) +
        Math.abs(out[p * 3 + 2]! - input[p * 3 + 2]!);
      if (regions.subject[p])
        [subjectDifference, subjectCount] = [subjectDifference + difference / 3, subjectCount + 1];
      if (regions.background[p])
        [backgroundDifference, backgroundCount] = [backgroundDifference + difference / 3, backgroundCount + 1];
    }
    // The mug is only relit (a few levels); the wall and the wooden table became studio paper.
    expect(subjectDifference / subjectCount).toBeLessThan(12);
    expect(backgroundDifference / backgroundCount).toBeGreaterThan(40);
  });

  it('moves the shadow away from the light as light_phi turns', async () => {
    const light = { light_theta: 40, light_size: 1.7, shadow_darkness: 1 };
    const [behind, right, front, left] = await Promise.all(
      [0, 90, 180, 270].map(async (phi) => centroid(await shadowOf({ ...light, light_phi: phi }))),
    );
    // Light on the right throws the shadow left, and the other way round (centroids measured 490 px apart).
    expect(left!.x - right!.x).toBeGreaterThan(150);
    // Light behind the mug throws the shadow toward the viewer, lower in the picture, than light
    // from the front does (measured 76 px lower).
    expect(behind!.y - front!.y).toBeGreaterThan(30);
  });

  it('lengthens the shadow as the light sinks (light_theta)', async () => {
    const [high, low] = await Promise.all(
      [5, 45].map(async (theta) =>
        centroid(await shadowOf({ light_phi: 90, light_theta: theta, light_size: 1.7, shadow_darkness: 1 })),
      ),
    );
    // Measured: the centroid 210 px further left at 45° than at 5°.
    expect(high!.x - low!.x).toBeGreaterThan(80);
  });

  it('softens the shadow as light_size grows', async () => {
    const light = { light_phi: 90, light_theta: 40, shadow_darkness: 1 };
    const [small, large] = await Promise.all(
      [1, 8].map(async (size) => spread(await shadowOf({ ...light, light_size: size }))),
    );
    // Measured when written: 38.8k pixels at 1, 126.7k at 8.
    expect(large).toBeGreaterThan(small! * 2);
  });

  it('darkens the shadow with shadow_darkness, and 0 casts none', async () => {
    const light = { light_phi: 300, light_theta: 30, light_size: 2 };
    const [none, usual, strongest] = await Promise.all(
      [0, 0.7, 2].map(async (darkness) => centroid(await shadowOf({ ...light, shadow_darkness: darkness })).total),
    );
    expect(none).toBe(0);
    expect(strongest).toBeGreaterThan(usual! * 1.5);
  });

  it('refuses a picture with no subject, saying so', async () => {
    const wall = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#9a9388' } })
      .jpeg()
      .toBuffer();
    const refusal = await run({ image: wall, params: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InputRejected);
    expect((refusal as Error).message).toBe('no subject was found in the image');
  }, 180_000);
});
