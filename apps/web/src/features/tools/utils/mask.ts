/** One brush stroke on the picture, in the image's own pixels: its width and the points it passed. */
export type Stroke = { size: number; points: ReadonlyArray<readonly [number, number]> };

/** Where a pointer is on the picture, from where it is on the picture's displayed box. */
export function toNatural(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  natural: { width: number; height: number },
): [number, number] {
  const x = ((clientX - box.left) * natural.width) / box.width;
  const y = ((clientY - box.top) * natural.height) / box.height;
  return [Math.min(Math.max(x, 0), natural.width), Math.min(Math.max(y, 0), natural.height)];
}

/** The x with m <= x·c <= M, as an interval (empty when lo > hi). */
function solve(c: number, m: number, M: number): [number, number] {
  if (c > 0) return [m / c, M / c];
  if (c < 0) return [M / c, m / c];
  return m <= 0 && M >= 0 ? [-Infinity, Infinity] : [Infinity, -Infinity];
}

/**
 * Where the row through y meets the brush's path from a to b (a capsule, convex, so one
 * interval): the union of the two end discs and the band along the segment.
 */
function rowSpan(
  y: number,
  [ax, ay]: readonly [number, number],
  [bx, by]: readonly [number, number],
  r: number,
): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [cx, cy] of [
    [ax, ay],
    [bx, by],
  ] as const) {
    const h = r * r - (y - cy) * (y - cy);
    if (h < 0) continue;
    lo = Math.min(lo, cx - Math.sqrt(h));
    hi = Math.max(hi, cx + Math.sqrt(h));
  }
  const dx = bx - ax;
  const dy = by - ay;
  const length = Math.hypot(dx, dy);
  if (length > 0) {
    // With X = x − ax: between the ends (0 <= t <= 1) and within r of the line.
    const py = y - ay;
    const [t0, t1] = solve(dx, -py * dy, length * length - py * dy);
    const [n0, n1] = solve(dy, py * dx - r * length, py * dx + r * length);
    const from = Math.max(t0, n0);
    const to = Math.min(t1, n1);
    if (from <= to) {
      lo = Math.min(lo, ax + from);
      hi = Math.max(hi, ax + to);
    }
  }
  return [lo, hi];
}

/**
 * The cleanup mask as RGBA pixels: opaque white wherever a stroke passed (a round brush, a pixel
 * counting when its centre is inside), opaque black elsewhere. Hard-edged on purpose: the server
 * reads a pixel as "remove" by its brightness, and a half-grey edge would leave a faint ring of the
 * object behind. Row spans, not pixel tests: a stroke has a point every few pixels, and testing
 * each pixel against every segment near it took seconds on a large picture.
 */
export function rasterizeMask(
  strokes: readonly Stroke[],
  width: number,
  height: number,
): Uint8ClampedArray<ArrayBuffer> {
  const covered = new Uint8Array(width * height);
  for (const { size, points } of strokes) {
    const r = Math.max(size / 2, 0.5);
    for (let s = 0; s < Math.max(points.length - 1, 1); s += 1) {
      const a = points[s]!;
      const b = points[Math.min(s + 1, points.length - 1)]!;
      const top = Math.max(Math.floor(Math.min(a[1], b[1]) - r), 0);
      const bottom = Math.min(Math.ceil(Math.max(a[1], b[1]) + r), height - 1);
      for (let y = top; y <= bottom; y += 1) {
        const [lo, hi] = rowSpan(y + 0.5, a, b, r);
        const first = Math.max(Math.ceil(lo - 0.5), 0);
        const last = Math.min(Math.floor(hi - 0.5), width - 1);
        if (first <= last) covered.fill(1, y * width + first, y * width + last + 1);
      }
    }
  }
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let k = 0, i = 0; k < covered.length; k += 1, i += 4) {
    const value = covered[k] ? 255 : 0;
    pixels[i] = value;
    pixels[i + 1] = value;
    pixels[i + 2] = value;
    pixels[i + 3] = 255;
  }
  return pixels;
}

/** The share of the picture the strokes cover (what cleanup will fill). */
export function maskShare(strokes: readonly Stroke[], width: number, height: number): number {
  const pixels = rasterizeMask(strokes, width, height);
  let covered = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]) covered += 1;
  return covered / (width * height);
}

/** The mask as the PNG the cleanup endpoint takes: exactly the picture's size, white = remove. */
export async function maskPng(strokes: readonly Stroke[], width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw the mask');
  context.putImageData(new ImageData(rasterizeMask(strokes, width, height), width, height), 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('this browser cannot encode the mask'))),
      'image/png',
    ),
  );
}

/** A picture's natural size (EXIF orientation applied, as the server applies it). */
export async function imageSize(url: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}
