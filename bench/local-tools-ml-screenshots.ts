/**
 * Before/after pictures of the ML local tools for docs/screenshots/tools/, from the mug fixture
 * (the pages' default sliders; replace-background with 'mountains at sunset').
 * `npx tsx bench/local-tools-ml-screenshots.ts`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { run as productPhotography } from '../packages/imaging/src/tools/product-photography.ts';
import { run as removeBackground } from '../packages/imaging/src/tools/remove-background.ts';
import { run as replaceBackground } from '../packages/imaging/src/tools/replace-background.ts';

const out = path.join(import.meta.dirname, '../docs/screenshots/tools');
const png = (bytes: Buffer) => sharp(bytes).png({ compressionLevel: 9 }).toBuffer();

await mkdir(out, { recursive: true });
const save = async (name: string, bytes: Buffer) => {
  await writeFile(path.join(out, name), await png(bytes));
  console.log(name);
};

const mug = await readFile(path.join(import.meta.dirname, '../packages/imaging/test/fixtures/mug.jpg'));
for (const tool of ['remove-background', 'product-photography', 'replace-background'])
  await save(`${tool}-before.png`, mug);
await save('remove-background-after.png', (await removeBackground({ image: mug, params: {} })).png);
await save(
  'product-photography-after.png',
  (
    await productPhotography({
      image: mug,
      params: { light_theta: 20, light_phi: 0, light_size: 1.7, shadow_darkness: 0.7 },
    })
  ).png,
);
await save(
  'replace-background-after.png',
  (await replaceBackground({ image: mug, params: { prompt: 'mountains at sunset' } })).png,
);
