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

/** The squared distance from (px, py) to the segment a–b. */
function distanceSquared(px: number, py: number, [ax, ay]: readonly [number, number], [bx, by]: readonly [number, number]) {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.min(Math.max(((px - ax) * dx + (py - ay) * dy) / length, 0), 1);
  const x = ax + t * dx - px;
  const y = ay + t * dy - py;
  return x * x + y * y;
}

/**
 * The cleanup mask as RGBA pixels: opaque white wherever a stroke passed (a round brush), opaque
 * black elsewhere. Hard-edged on purpose: the server reads a pixel as "remove" by its brightness,
 * and a half-grey edge would leave a faint ring of the object behind.
 */
export function rasterizeMask(strokes: readonly Stroke[], width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
  for (const { size, points } of strokes) {
    const radius = Math.max(size / 2, 0.5);
    const r2 = radius * radius;
    const segments = points.length === 1 ? [[points[0]!, points[0]!] as const] : points.slice(1).map((point, i) => [points[i]!, point] as const);
    for (const [a, b] of segments) {
      // Only the segment's own box is visited, so a long stroke costs what it covers.
      const left = Math.max(Math.floor(Math.min(a[0], b[0]) - radius), 0);
      const right = Math.min(Math.ceil(Math.max(a[0], b[0]) + radius), width - 1);
      const top = Math.max(Math.floor(Math.min(a[1], b[1]) - radius), 0);
      const bottom = Math.min(Math.ceil(Math.max(a[1], b[1]) + radius), height - 1);
      for (let y = top; y <= bottom; y += 1) {
        for (let x = left; x <= right; x += 1) {
          if (distanceSquared(x + 0.5, y + 0.5, a, b) > r2) continue;
          const i = (y * width + x) * 4;
          pixels[i] = 255;
          pixels[i + 1] = 255;
          pixels[i + 2] = 255;
        }
      }
    }
  }
  return pixels;
}

/** The mask as the PNG the cleanup endpoint takes: exactly the picture's size, white = remove. */
export async function maskPng(strokes: readonly Stroke[], width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw the mask');
  context.putImageData(new ImageData(rasterizeMask(strokes, width, height), width, height), 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('this browser cannot encode the mask'))), 'image/png'));
}

/** A picture's natural size (EXIF orientation applied, as the server applies it). */
export async function imageSize(url: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}
