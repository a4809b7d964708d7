/** Width and height of a picture, in pixels. */
export type Size = { width: number; height: number };

const within = (value: number, max: number) => Math.min(max, Math.max(1, Math.round(value)));

/**
 * Upscale's starting size for a picture: twice as large, or as large as fits `max` per side, in
 * the picture's own proportions (the fixed 1024×1024 default would stretch anything not square).
 */
export function upscaleStart({ width, height }: Size, max: number): Size {
  const scale = Math.min(2, max / width, max / height);
  return { width: within(width * scale, max), height: within(height * scale, max) };
}

/**
 * One side moved to `value`: the other follows so width ÷ height stays `ratio`. When the other
 * side would pass `max`, the moved side stops where it fits.
 */
export function keepProportions(side: keyof Size, value: number, ratio: number, max: number): Size {
  if (side === 'width') {
    const height = within(value / ratio, max);
    return { width: height === max && value / ratio > max ? within(max * ratio, max) : within(value, max), height };
  }
  const width = within(value * ratio, max);
  return { width, height: width === max && value * ratio > max ? within(max / ratio, max) : within(value, max) };
}
