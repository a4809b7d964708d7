/**
 * Before/after pictures of the classic local tools for docs/screenshots/tools/, from the same
 * inputs as bench/local-tools-classic.ts. `npx tsx bench/local-tools-screenshots.ts`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { run as cleanup } from '../packages/imaging/src/tools/cleanup.ts';
import { run as reimagine } from '../packages/imaging/src/tools/reimagine.ts';
import { run as removeText } from '../packages/imaging/src/tools/remove-text.ts';
import { run as uncrop } from '../packages/imaging/src/tools/uncrop.ts';
import { run as upscale } from '../packages/imaging/src/tools/upscale.ts';
import { cleanupInput } from './local-tools-classic.ts';

const out = path.join(import.meta.dirname, '../docs/screenshots/tools');
const fixtures = path.join(import.meta.dirname, '../packages/imaging/test/fixtures');
const png = (bytes: Buffer) => sharp(bytes).png({ compressionLevel: 9 }).toBuffer();

await mkdir(out, { recursive: true });
const save = async (name: string, bytes: Buffer) => {
  await writeFile(path.join(out, name), await png(bytes));
  console.log(name);
};

const landscape = await readFile(path.join(fixtures, 'landscape-1024x768.jpg'));
const thumbnail = await readFile(path.join(fixtures, 'landscape-256x192.jpg'));

await save('upscale-before.png', thumbnail);
await save(
  'upscale-after.png',
  (await upscale({ image: thumbnail, params: { target_width: 1024, target_height: 768 } })).png,
);

const uncropInput = await sharp(landscape).resize(640, 480).jpeg({ quality: 90 }).toBuffer();
await save('uncrop-before.png', uncropInput);
await save(
  'uncrop-after.png',
  (
    await uncrop({
      image: uncropInput,
      params: { extend_left: 160, extend_right: 160, extend_up: 40, extend_down: 60 },
    })
  ).png,
);

const clean = await cleanupInput();
// The "before" shows what the mask covers, as the brush does on the page.
const tint = await sharp(clean.mask!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
for (let i = 0; i < tint.data.length; i += 4) {
  const on = tint.data[i]! > 127;
  tint.data[i] = 255;
  tint.data[i + 1] = 40;
  tint.data[i + 2] = 200;
  tint.data[i + 3] = on ? 90 : 0;
}
await save('cleanup-before.png', clean.image);
await save(
  'cleanup-mask.png',
  await sharp(clean.image)
    .composite([{ input: tint.data, raw: { width: tint.info.width, height: tint.info.height, channels: 4 } }])
    .png()
    .toBuffer(),
);
await save('cleanup-after.png', (await cleanup(clean)).png);

const text = await readFile(path.join(fixtures, 'text-on-linen-1024x768.jpg'));
await save('remove-text-before.png', text);
await save('remove-text-after.png', (await removeText({ image: text, params: {} })).png);

await save('reimagine-before.png', landscape);
await save('reimagine-after.png', (await reimagine({ image: landscape, params: { seed: 'screenshot' } })).png);
