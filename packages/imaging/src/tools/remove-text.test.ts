import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputRejected } from '../tool.ts';
import { run } from './remove-text.ts';
import { detectText } from '../text-detection/detect-text.ts';
import {
  colourDistance,
  createReader,
  fixture,
  meanColour,
  pixels,
  textureEnergy,
  type ReadLine,
} from '../../test/support.ts';

const words = (lines: ReadLine[]) => lines.filter((line) => /[a-z0-9]{2,}/i.test(line.text) && line.mean > 0.5);

const overlaps = (a: number[][], b: { left: number; top: number; right: number; bottom: number }) => {
  const xs = a.map((p) => p[0]!);
  const ys = a.map((p) => p[1]!);
  return (
    Math.min(...xs) <= b.right && Math.max(...xs) >= b.left && Math.min(...ys) <= b.bottom && Math.max(...ys) >= b.top
  );
};

describe('remove-text (local)', () => {
  let read: (image: Buffer) => Promise<ReadLine[]>;
  let image: Buffer;
  let result: Buffer;

  beforeAll(async () => {
    read = await createReader();
    image = await fixture('text-on-linen-1024x768.jpg');
    const out = await run({ image, params: {} });
    expect([out.width, out.height]).toEqual([1024, 768]);
    result = out.png;
  }, 180_000);

  it('takes no ball for a line of text', async () => {
    expect((await detectText(await fixture('ball-on-paving-512x384.jpg'))).regions).toEqual([]);
  }, 60_000);

  it('finds every line of the fixture before', async () => {
    const found = await detectText(image);
    expect(found.regions).toHaveLength(3);
    const text = words(await read(image))
      .map((line) => line.text)
      .join(' | ');
    expect(text).toMatch(/SUMMER\s*SALE/);
    expect(text).toMatch(/coffee/i);
    expect(text).toMatch(/daily/i);
  }, 60_000);

  it('leaves no words where OCR read them before', async () => {
    const beforeLines = words(await read(image));
    expect(beforeLines.length).toBeGreaterThanOrEqual(3);
    const afterLines = words(await read(result));
    const boxes = beforeLines.map((line) => {
      const xs = line.box.map((p) => p[0]!);
      const ys = line.box.map((p) => p[1]!);
      return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
    });
    expect(afterLines.filter((line) => boxes.some((box) => overlaps(line.box, box)))).toEqual([]);
    expect((await detectText(result)).regions).toEqual([]);
  }, 60_000);

  it('fills the lines with the linen around them', async () => {
    const after = await pixels(result);
    const inHeadline = (x: number, y: number) => x > 110 && x < 830 && y > 185 && y < 250;
    const inBackground = (x: number, y: number) => x > 110 && x < 830 && ((y > 110 && y < 160) || (y > 270 && y < 320));
    expect(colourDistance(meanColour(after, inHeadline), meanColour(after, inBackground))).toBeLessThan(12);
    const texture = textureEnergy(after, inHeadline);
    expect(texture).toBeGreaterThan(textureEnergy(after, inBackground) * 0.5);
    expect(texture).toBeLessThan(textureEnergy(after, inBackground) * 1.8);
  });

  it('refuses a picture without text, saying so, rather than charge for it unchanged', async () => {
    const plain = await sharp(await fixture('landscape-256x192.jpg'))
      .png()
      .toBuffer();
    const refusal = await run({ image: plain, params: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InputRejected);
    expect((refusal as Error).message).toBe('no text was found in the image');
  }, 60_000);
});
