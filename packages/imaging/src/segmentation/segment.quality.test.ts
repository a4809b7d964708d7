import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture, maskIoU } from '../../test/support.ts';
import { segmentationPictures } from '../../test/segmentation-pictures.ts';
import { segment } from './segment.ts';

// Any change to the model, its input or the processing around it must keep the masks the
// pipeline made before (fixtures/segmentation/README.md). One model load and seven inferences:
// a few seconds each on two free cores, much longer on a busy machine.
describe('segmentation keeps the reference masks', () => {
  it.each(segmentationPictures)(
    '%s overlaps its reference mask with IoU >= 0.98',
    async (name) => {
      const reference = await fixture(`segmentation/${name.replace(/^.*\//, '').replace(/\.\w+$/, '')}.alpha.png`);
      const { data: expected, info } = await sharp(reference)
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { alpha, width, height } = await segment(await fixture(name));
      expect([width, height]).toEqual([info.width, info.height]);
      expect(maskIoU(alpha, expected)).toBeGreaterThanOrEqual(0.98);
    },
    180_000,
  );
});

describe('maskIoU', () => {
  it('counts pixels at 128 and over as inside, and is the overlap over the union', () => {
    const a = Uint8Array.from([0, 127, 128, 255, 255, 0]);
    const b = Uint8Array.from([0, 255, 200, 255, 10, 0]);
    // inside a: 2, 3, 4; inside b: 1, 2, 3; both: 2, 3; either: 1, 2, 3, 4
    expect(maskIoU(a, b)).toBe(0.5);
    expect(maskIoU(a, a)).toBe(1);
  });
});
