import { imageSizes } from '@lumigen/contract/generation';
import { paint } from '@lumigen/imaging';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalGenerationProvider } from './local.ts';

// The painting itself is tested in @lumigen/imaging; here, how the API's sizes and qualities reach it.
describe('the local generation provider', () => {
  it.each(imageSizes)('paints %s as the painter paints that size', async (size) => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    const generated = await createLocalGenerationProvider().generate({
      prompt: 'a lighthouse on the coast at dusk',
      model: 'dall-e-3',
      size,
      quality: 'standard',
      seed: 3,
    });
    const metadata = await sharp(generated.png).metadata();
    expect([metadata.format, metadata.width, metadata.height, generated.width, generated.height]).toEqual([
      'png',
      width,
      height,
      width,
      height,
    ]);
  });

  it('passes the quality and the seed on', async () => {
    const input = {
      prompt: 'misty forest at dawn',
      model: 'dall-e-3',
      size: '256x256',
      quality: 'hd',
      seed: 7,
    } as const;
    const [generated, painted, standard] = await Promise.all([
      createLocalGenerationProvider().generate(input),
      paint({ prompt: input.prompt, width: 256, height: 256, quality: 'hd', seed: 7 }),
      paint({ prompt: input.prompt, width: 256, height: 256, quality: 'standard', seed: 7 }),
    ]);
    expect(generated.png.equals(painted.png)).toBe(true);
    expect(generated.png.equals(standard.png)).toBe(false);
  });
});
