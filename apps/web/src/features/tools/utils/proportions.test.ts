import { describe, expect, it } from 'vitest';
import { keepProportions, upscaleStart } from './proportions.ts';

describe('upscaleStart', () => {
  it('doubles a picture in its own proportions', () => {
    expect(upscaleStart({ width: 256, height: 192 }, 4096)).toEqual({ width: 512, height: 384 });
    expect(upscaleStart({ width: 300, height: 1000 }, 4096)).toEqual({ width: 600, height: 2000 });
  });

  it('stops at the largest size that fits, keeping the shape', () => {
    expect(upscaleStart({ width: 3000, height: 1500 }, 4096)).toEqual({ width: 4096, height: 2048 });
    expect(upscaleStart({ width: 5000, height: 5000 }, 4096)).toEqual({ width: 4096, height: 4096 });
  });

  it('never gives a side under one pixel', () => {
    expect(upscaleStart({ width: 4000, height: 1 }, 4096)).toEqual({ width: 4096, height: 1 });
  });
});

describe('keepProportions', () => {
  it('moves the other side with the one changed', () => {
    expect(keepProportions('width', 1024, 4 / 3, 4096)).toEqual({ width: 1024, height: 768 });
    expect(keepProportions('height', 768, 4 / 3, 4096)).toEqual({ width: 1024, height: 768 });
  });

  it('stops the moved side where the other reaches the limit', () => {
    // A tall picture: 4096 px wide would need 8192 px of height.
    expect(keepProportions('width', 4096, 1 / 2, 4096)).toEqual({ width: 2048, height: 4096 });
    expect(keepProportions('height', 4000, 2, 4096)).toEqual({ width: 4096, height: 2048 });
  });

  it('keeps both sides at least one pixel', () => {
    expect(keepProportions('width', 1, 4, 4096)).toEqual({ width: 1, height: 1 });
  });
});
