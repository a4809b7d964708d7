import { describe, expect, it } from 'vitest';
import { extendTo, uncropPresets, upscalePresets } from './presets.ts';

describe('upscale presets', () => {
  it('offers 2× and 4× when they fit, and always the largest size that fits 4096', () => {
    expect(upscalePresets({ width: 256, height: 192 })).toEqual([
      { label: '2×', values: { target_width: 512, target_height: 384 } },
      { label: '4×', values: { target_width: 1024, target_height: 768 } },
      { label: 'Fit 4096', values: { target_width: 4096, target_height: 3072 } },
    ]);
    const big = upscalePresets({ width: 1500, height: 1000 });
    expect(big[0]!.values).toEqual({ target_width: 3000, target_height: 2000 });
    expect(big[1]!.values).toBeUndefined();
  });
});

describe('uncrop presets', () => {
  it('grows a landscape picture up and down to a square, evenly', () => {
    expect(extendTo({ width: 256, height: 191 }, 1)).toEqual({
      extend_left: 0,
      extend_right: 0,
      extend_up: 32,
      extend_down: 33,
    });
  });

  it('grows sideways to 16:9 and up and down to 9:16', () => {
    expect(extendTo({ width: 400, height: 300 }, 16 / 9)).toEqual({
      extend_left: 66,
      extend_right: 67,
      extend_up: 0,
      extend_down: 0,
    });
    expect(extendTo({ width: 400, height: 300 }, 9 / 16)).toEqual({
      extend_left: 0,
      extend_right: 0,
      extend_up: 205,
      extend_down: 206,
    });
  });

  it('offers nothing past the 2000-pixel extends', () => {
    // A 9:16 canvas around a 4000×100 strip would need 3505 pixels above and below.
    expect(uncropPresets({ width: 4000, height: 100 }).map((preset) => preset.values)).toEqual([
      expect.any(Object),
      expect.any(Object),
      undefined,
    ]);
  });
});
