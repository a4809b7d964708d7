import { toolSliders, uncropMaxResultPixels } from '@lumigen/contract/tools';
import type { Size } from './proportions.ts';

/** A one-press setting: its button's words, and the slider values it sets (undefined: not possible for this picture). */
export type Preset = { label: string; values: Record<string, number> | undefined };

const upscaleMax = Math.min(...toolSliders.upscale.map((s) => s.max));
const extendMax = Math.max(...toolSliders.uncrop.map((s) => s.max));

/** Upscale: twice and four times the picture when that fits the 4096-pixel sides, and the largest that does. */
export function upscalePresets({ width, height }: Size): Preset[] {
  const times = (factor: number): Preset['values'] =>
    width * factor <= upscaleMax && height * factor <= upscaleMax
      ? { target_width: width * factor, target_height: height * factor }
      : undefined;
  const fit = upscaleMax / Math.max(width, height);
  return [
    { label: '2×', values: times(2) },
    { label: '4×', values: times(4) },
    {
      label: `Fit ${upscaleMax}`,
      values: {
        target_width: Math.min(upscaleMax, Math.round(width * fit)),
        target_height: Math.min(upscaleMax, Math.round(height * fit)),
      },
    },
  ];
}

/** The extends that grow the picture evenly on two sides to `ratio` (width ÷ height); undefined past the limits. */
export function extendTo({ width, height }: Size, ratio: number): Record<string, number> | undefined {
  const split = (total: number) => [Math.floor(total / 2), Math.ceil(total / 2)] as const;
  const values = { extend_left: 0, extend_right: 0, extend_up: 0, extend_down: 0 };
  let frame: Size;
  if (width / height < ratio) {
    frame = { width: Math.round(height * ratio), height };
    [values.extend_left, values.extend_right] = split(frame.width - width);
  } else {
    frame = { width, height: Math.round(width / ratio) };
    [values.extend_up, values.extend_down] = split(frame.height - height);
  }
  if (Object.values(values).some((value) => value > extendMax) || frame.width * frame.height > uncropMaxResultPixels)
    return undefined;
  return values;
}

/** Uncrop: a square, a 16:9 landscape and a 9:16 portrait canvas around the picture. */
export function uncropPresets(picture: Size): Preset[] {
  return [
    { label: 'Square', values: extendTo(picture, 1) },
    { label: '16:9', values: extendTo(picture, 16 / 9) },
    { label: '9:16', values: extendTo(picture, 9 / 16) },
  ];
}
