import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';

/**
 * The bench's photo: a 1024×768 JPEG of some 300 kB (a local painting with grain, at quality 98), the same
 * bytes in every process that asks for it.
 */
export async function benchPhoto(): Promise<Buffer> {
  const { png } = await paintLocally({
    prompt: 'a red bicycle leaning on a wall in a sunny street',
    size: '1024x1024',
    quality: 'hd',
    seed: 7,
  });
  return sharp(png).resize(1024, 768, { fit: 'cover' }).jpeg({ quality: 98 }).toBuffer();
}

/**
 * A photo of about `megabytes` MB that is still within remove-background's 25 megapixels: strong
 * noise at JPEG quality 100 barely compresses (about 1.35 bytes a pixel).
 */
export async function noisyPhoto(megabytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt((megabytes * 1e6) / 1.35));
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** A multipart body with the photo as `image_file`, as a browser would send it. */
export async function photoBody(photo: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('image_file', new Blob([photo as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** The photo a local tool is benched on: the bench photo, or for remove-text a 1024×768 fixture with lines of text. */
export async function localBenchPhoto(tool: 'remove-background' | 'remove-text'): Promise<Buffer> {
  if (tool === 'remove-background') return benchPhoto();
  return readFile(new URL('../packages/imaging/test/fixtures/text-on-linen-1024x768.jpg', import.meta.url));
}
