/**
 * Paints every picture of the marketing pages with the project's own local generator, from the
 * prompts in apps/web/src/features/marketing/home/samples.ts, and writes them as WebP at the sizes listed
 * there. Deterministic: the same prompts and seed give the same files. `npm run images`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ImageSize } from '@lumigen/contract/generation';
import sharp from 'sharp';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import { samples } from '../apps/web/src/features/marketing/home/samples.ts';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const seed = 7;

/** The painter's size whose shape is closest to the picture's, so cropping loses little. */
function paintSize(width: number, height: number): ImageSize {
  const ratio = width / height;
  if (ratio > 1.2) return '1792x1024';
  if (ratio < 0.83) return '1024x1792';
  return '1024x1024';
}

for (const sample of Object.values(samples)) {
  const { png } = await paintLocally({
    prompt: sample.prompt,
    size: paintSize(sample.width, sample.height),
    quality: 'hd',
    seed,
  });
  const file = path.join(publicDir, sample.src);
  await mkdir(path.dirname(file), { recursive: true });
  const info = await sharp(png)
    .resize(sample.width, sample.height, { fit: 'cover' })
    .webp({ quality: 72, effort: 6 })
    .toFile(file);
  console.log(`${sample.src}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} kB`);
}
