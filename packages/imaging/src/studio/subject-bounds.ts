/** The box of a cut-out subject's solid pixels (alpha over half), or undefined when there is none. */
export type Bounds = { left: number; top: number; right: number; bottom: number };

export function subjectBounds(alpha: Buffer, width: number, height: number): Bounds | undefined {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if (alpha[row + x]! < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, right, bottom };
}
