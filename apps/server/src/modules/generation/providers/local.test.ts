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

  it('shows two previews of its early layers, small, before it answers the picture', async () => {
    const heard: Array<{ at: number; format?: string; width?: number; height?: number; bytes: Buffer }> = [];
    let order = 0;
    const generated = await createLocalGenerationProvider().generate({
      prompt: 'a red fox in a snowy forest',
      model: 'dall-e-3',
      size: '1792x1024',
      quality: 'standard',
      seed: 11,
      async onPreview(image) {
        const { format, width, height } = await sharp(image).metadata();
        heard.push({ at: (order += 1), format, width, height, bytes: image });
      },
    });
    expect(heard.map(({ at, format, width, height }) => ({ at, format, width, height }))).toEqual([
      { at: 1, format: 'png', width: 512, height: 293 },
      { at: 2, format: 'png', width: 512, height: 293 },
    ]);
    // Each stage adds layers: the two differ, and neither is the finished picture.
    expect(heard[0]!.bytes.equals(heard[1]!.bytes)).toBe(false);
    const final = await sharp(generated.png).resize(512, 293).raw().toBuffer();
    const second = await sharp(heard[1]!.bytes).raw().toBuffer();
    expect(final.equals(second)).toBe(false);
    expect([generated.width, generated.height]).toEqual([1792, 1024]);
  });
});
