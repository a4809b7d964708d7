import { describe, expect, it } from 'vitest';
import { originalPlacement, uncropFrame, uncroppedShare } from './placement.ts';

const extends_ = (left: number, right: number, up: number, down: number) => ({
  extend_left: left,
  extend_right: right,
  extend_up: up,
  extend_down: down,
});

describe('originalPlacement', () => {
  it('puts an uncropped picture where the extends leave it in the larger frame', () => {
    const picture = { width: 256, height: 192 };
    expect(uncropFrame(picture, extends_(50, 50, 50, -42))).toEqual({ width: 356, height: 200 });
    const placed = originalPlacement('uncrop', picture, extends_(50, 50, 50, -42))!;
    expect(placed.left).toBeCloseTo(50 / 356);
    expect(placed.top).toBeCloseTo(50 / 200);
    expect(placed.width).toBeCloseTo(256 / 356);
    expect(placed.height).toBeCloseTo(192 / 200);
  });

  it('lets a crop reach past the frame (negative offsets)', () => {
    const placed = originalPlacement('uncrop', { width: 100, height: 100 }, extends_(-10, 0, 0, 0))!;
    expect(placed.left).toBeCloseTo(-10 / 90);
    expect(placed.width).toBeCloseTo(100 / 90);
  });

  it('stretches an upscaled picture over the whole result, and leaves same-size tools alone', () => {
    expect(originalPlacement('upscale', { width: 10, height: 10 }, {})).toEqual({
      left: 0,
      top: 0,
      width: 1,
      height: 1,
    });
    expect(originalPlacement('remove-background', { width: 10, height: 10 }, {})).toBeUndefined();
  });
});

describe('uncroppedShare: how much of uncrop’s result is new border', () => {
  it('is 0 with no extends, and counts only what is added', () => {
    expect(uncroppedShare({ width: 200, height: 100 }, {})).toBe(0);
    // 100 px on each side of a 200-wide picture: half the result is new.
    expect(uncroppedShare({ width: 200, height: 100 }, { extend_left: 100, extend_right: 100 })).toBe(0.5);
    // A crop adds nothing.
    expect(uncroppedShare({ width: 200, height: 100 }, { extend_left: -50 })).toBe(0);
  });

  it('passes a quarter with 20% added on every side (the default 50 px on a 250-px picture)', () => {
    expect(
      uncroppedShare(
        { width: 250, height: 250 },
        { extend_left: 50, extend_right: 50, extend_up: 50, extend_down: 50 },
      ),
    ).toBeGreaterThan(0.25);
    expect(
      uncroppedShare(
        { width: 1000, height: 1000 },
        { extend_left: 50, extend_right: 50, extend_up: 50, extend_down: 50 },
      ),
    ).toBeLessThan(0.25);
  });
});
