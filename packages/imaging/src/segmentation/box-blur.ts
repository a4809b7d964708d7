/**
 * Box blur of a float plane in place, `passes` times in each direction (two passes make a tent,
 * three are close to a Gaussian). Edges clamp. Used where sharp cannot help: on float data, or on
 * channels that sharp would treat as alpha. Running sums keep it O(pixels) for any radius, and
 * both directions walk memory row by row.
 */
export function boxBlur(plane: Float32Array, width: number, height: number, radius: number, passes = 2): void {
  const r = Math.round(radius);
  if (r < 1) return;
  const span = 2 * r + 1;
  const line = new Float32Array(width);
  const sums = new Float64Array(width);
  const source = new Float32Array(plane.length);
  const lastX = width - 1;
  const lastY = height - 1;
  for (let pass = 0; pass < passes; pass += 1) {
    for (let y = 0; y < height; y += 1) {
      const row = y * width;
      line.set(plane.subarray(row, row + width));
      let sum = 0;
      for (let k = -r; k <= r; k += 1) sum += line[k < 0 ? 0 : k > lastX ? lastX : k]!;
      for (let x = 0; x < width; x += 1) {
        plane[row + x] = sum / span;
        const add = x + r + 1;
        const drop = x - r;
        sum += line[add > lastX ? lastX : add]! - line[drop < 0 ? 0 : drop]!;
      }
    }
    source.set(plane);
    sums.fill(0);
    for (let k = -r; k <= r; k += 1) {
      const row = (k < 0 ? 0 : k > lastY ? lastY : k) * width;
      for (let x = 0; x < width; x += 1) sums[x]! += source[row + x]!;
    }
    for (let y = 0; y < height; y += 1) {
      const row = y * width;
      const add = (y + r + 1 > lastY ? lastY : y + r + 1) * width;
      const drop = (y - r < 0 ? 0 : y - r) * width;
      for (let x = 0; x < width; x += 1) {
        plane[row + x] = sums[x]! / span;
        sums[x]! += source[add + x]! - source[drop + x]!;
      }
    }
  }
}
