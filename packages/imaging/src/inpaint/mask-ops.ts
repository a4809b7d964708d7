/** Binary masks (1 = set) of width × height. */

/** Grows the set pixels by `radius` (a square, in two separable passes). */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    let last = -Infinity;
    // Left to right remembers the last set pixel; right to left the next one.
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x]) last = x;
      if (x - last <= radius) rows[y * width + x] = 1;
    }
    let next = Infinity;
    for (let x = width - 1; x >= 0; x -= 1) {
      if (mask[y * width + x]) next = x;
      if (next - x <= radius) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x += 1) {
    let last = -Infinity;
    for (let y = 0; y < height; y += 1) {
      if (rows[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 1;
    }
    let next = Infinity;
    for (let y = height - 1; y >= 0; y -= 1) {
      if (rows[y * width + x]) next = y;
      if (next - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

export type Box = { left: number; top: number; right: number; bottom: number };

/** The smallest box holding every set pixel (inclusive bounds), or null for an empty mask. */
export function boundingBox(mask: Uint8Array, width: number, height: number): Box | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!mask[y * width + x]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}
