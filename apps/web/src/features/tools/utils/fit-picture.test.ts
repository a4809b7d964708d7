import { webMessages } from '@lumigen/contract/web-messages';
import { describe, expect, it } from 'vitest';
import { fitWithin, refusalByType } from './fit-picture.ts';

describe('fitWithin', () => {
  it('keeps a picture that fits', () => {
    const size = { width: 4000, height: 3000 };
    expect(fitWithin(size, 25)).toBe(size);
  });

  it('scales a 48-megapixel photo to just under the limit, in its proportions', () => {
    const fitted = fitWithin({ width: 8000, height: 6000 }, 25);
    expect(fitted.width * fitted.height).toBeLessThanOrEqual(25_000_000);
    expect(fitted.width * fitted.height).toBeGreaterThan(24_980_000);
    expect(fitted.width / fitted.height).toBeCloseTo(4 / 3, 3);
  });
});

describe('refusalByType', () => {
  it('explains HEIC, refuses text, takes a JPEG', () => {
    expect(refusalByType(new File(['x'], 'IMG_0001.HEIC', { type: '' }))).toBe(webMessages.heicRefused);
    expect(refusalByType(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(webMessages.notAPicture);
    expect(refusalByType(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }))).toBeUndefined();
  });
});
