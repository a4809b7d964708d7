/**
 * Writes the reference masks the segmentation quality test compares against: the alpha that
 * `segment()` gave each picture before it was made faster (commit 737da03's pipeline),
 * full size, one grey band. Run once with `npx tsx packages/imaging/test/make-segmentation-references.ts`
 * on the pipeline to be taken as the reference; the output is committed, and running it again on
 * a changed pipeline would move the goalposts.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { segment } from '../src/segmentation/segment.ts';
import { fixture } from './support.ts';
import { segmentationPictures } from './segmentation-pictures.ts';

const out = fileURLToPath(new URL('./fixtures/segmentation/', import.meta.url));
for (const name of segmentationPictures) {
  const { alpha, width, height } = await segment(await fixture(name));
  const kept = alpha.reduce((sum, v) => sum + (v >= 128 ? 1 : 0), 0) / alpha.length;
  const file = `${name.replace(/^.*\//, '').replace(/\.\w+$/, '')}.alpha.png`;
  await writeFile(
    out + file,
    await sharp(alpha, { raw: { width, height, channels: 1 } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  console.log(`${file}: ${width}x${height}, ${(kept * 100).toFixed(1)}% subject`);
}
