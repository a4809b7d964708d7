import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { hsl, rgbToHsl } from '../colour.ts';
import { grainPixels } from '../grain.ts';
import { createRandom, type Random } from '../random.ts';
import { blurRaster, decode, resizeRaster, toBytes, type Raster } from '../raster.ts';
import type { Tool } from '../tool.ts';

/**
 * Reimagine: a new picture with the same composition and palette. No image model ships in an npm
 * package, so the variation is re-synthesised from the picture's structure, honestly and
 * visibly:
 *   1. the layout is bent by a smooth random displacement (shapes move and change outline a little);
 *   2. the colours are gathered into sixteen regions (k-means) whose colours are each shifted a
 *      little in hue, saturation and lightness, keeping the palette's character;
 *   3. the picture is repainted with brush strokes that follow its contours (along the isophotes),
 *      broad strokes first, fine ones where there is detail;
 *   4. a new light falls from a random side, and paper grain finishes it.
 * A `seed` parameter makes the result repeatable; without one each call differs.
 */

/** The analysis (regions, directions, stroke colours) runs at this long side; strokes are drawn at full size. */
const analysisSide = 384;

export const run: Tool<'reimagine'> = async ({ image, params }) => {
  const seed = params.seed === undefined || params.seed === '' ? randomUUID() : String(params.seed);
  const random = createRandom(`reimagine:${seed}`);
  const { rgb } = await decode(image);
  const { width, height } = rgb;

  const scale = Math.min(1, analysisSide / Math.max(width, height));
  const aw = Math.max(8, Math.round(width * scale));
  const ah = Math.max(8, Math.round(height * scale));
  const small = await resizeRaster(rgb, aw, ah, 'cubic');
  const warped = warp(small, random);
  const smooth = await blurRaster(warped, 1.5);
  const painted = recolour(smooth, random);

  const svg = strokes(painted, smooth, width, height, random);
  const base = await resizeRaster(await blurRaster(painted, 2.5), width, height, 'cubic');
  const light = lightOverlay(width, height, random);
  const png = await sharp(toBytes(base), { raw: { width, height, channels: 3 } })
    .composite([
      { input: Buffer.from(svg), top: 0, left: 0 },
      { input: Buffer.from(light), top: 0, left: 0, blend: 'soft-light' },
      {
        input: grainPixels(width * height, () => (random.next() - 0.5) * 26),
        raw: { width, height, channels: 4 },
        blend: 'overlay',
      },
    ])
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, width, height };
};

/** Smooth noise on a coarse lattice, bicubic-free: bilinear between random lattice values. */
function lattice(random: Random, cells: number) {
  const values = Array.from({ length: (cells + 1) * (cells + 1) }, () => random.next() * 2 - 1);
  return (u: number, v: number) => {
    const x = Math.min(cells - 1e-6, Math.max(0, u * cells));
    const y = Math.min(cells - 1e-6, Math.max(0, v * cells));
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const at = (i: number, j: number) => values[j * (cells + 1) + i]!;
    return (
      (at(x0, y0) * (1 - sx) + at(x0 + 1, y0) * sx) * (1 - sy) +
      (at(x0, y0 + 1) * (1 - sx) + at(x0 + 1, y0 + 1) * sx) * sy
    );
  };
}

/** Bends the picture by a smooth displacement of about 2% of its size. */
function warp(image: Raster, random: Random): Raster {
  const { width: w, height: h, data } = image;
  const dx = lattice(random, 4);
  const dy = lattice(random, 4);
  const amplitude = 0.022 * Math.min(w, h);
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const sx = Math.min(w - 1, Math.max(0, x + dx(x / w, y / h) * amplitude));
      const sy = Math.min(h - 1, Math.max(0, y + dy(x / w, y / h) * amplitude));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c += 1) {
        const a = data[(y0 * w + x0) * 3 + c]!;
        const b = data[(y0 * w + x1) * 3 + c]!;
        const d = data[(y1 * w + x0) * 3 + c]!;
        const e = data[(y1 * w + x1) * 3 + c]!;
        out[(y * w + x) * 3 + c] = (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
      }
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * Colour regions by k-means; every region's colour moves a little (its own hue, saturation and
 * lightness step) and pixels keep part of their shading within the region.
 */
function recolour(image: Raster, random: Random): Raster {
  const { data, width, height } = image;
  const n = width * height;
  const k = 16;
  // k-means++ seeding on a sample, then a few Lloyd iterations on the sample.
  const sample: number[] = [];
  for (let i = 0; i < Math.min(n, 6000); i += 1) sample.push(Math.floor(random.next() * n));
  const centres: number[][] = [];
  const first = sample[0]!;
  centres.push([data[first * 3]!, data[first * 3 + 1]!, data[first * 3 + 2]!]);
  const nearest = (p: number) => {
    let best = 0;
    let bestD = Infinity;
    for (const [j, c] of centres.entries()) {
      const d = (data[p * 3]! - c[0]!) ** 2 + (data[p * 3 + 1]! - c[1]!) ** 2 + (data[p * 3 + 2]! - c[2]!) ** 2;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    return { best, bestD };
  };
  while (centres.length < k) {
    const weights = sample.map((p) => nearest(p).bestD);
    const total = weights.reduce((a, b) => a + b, 0);
    if (total === 0) break;
    let pick = random.next() * total;
    let chosen = sample[0]!;
    for (const [i, wgt] of weights.entries()) {
      pick -= wgt;
      if (pick <= 0) {
        chosen = sample[i]!;
        break;
      }
    }
    centres.push([data[chosen * 3]!, data[chosen * 3 + 1]!, data[chosen * 3 + 2]!]);
  }
  for (let iteration = 0; iteration < 8; iteration += 1) {
    const sums = new Float64Array(centres.length * 4);
    for (const p of sample) {
      const j = nearest(p).best * 4;
      sums[j] = sums[j]! + data[p * 3]!;
      sums[j + 1] = sums[j + 1]! + data[p * 3 + 1]!;
      sums[j + 2] = sums[j + 2]! + data[p * 3 + 2]!;
      sums[j + 3] = sums[j + 3]! + 1;
    }
    for (let j = 0; j < centres.length; j += 1) {
      const count = sums[j * 4 + 3]!;
      if (count > 0) centres[j] = [sums[j * 4]! / count, sums[j * 4 + 1]! / count, sums[j * 4 + 2]! / count];
    }
  }

  // A shared drift (the whole picture's mood) plus each region's own step.
  const globalHue = random.range(-12, 12);
  const shifted = centres.map((c) => {
    const [h, s, l] = rgbToHsl(c[0]!, c[1]!, c[2]!);
    return hsl(
      h + globalHue + random.range(-10, 10),
      Math.min(1, Math.max(0, s * random.range(0.85, 1.3))),
      Math.min(0.95, Math.max(0.05, l + random.range(-0.07, 0.07))),
    );
  });
  const out = new Float32Array(n * 3);
  for (let p = 0; p < n; p += 1) {
    const j = nearest(p).best;
    const c = centres[j]!;
    const t = shifted[j]!;
    for (let ch = 0; ch < 3; ch += 1) out[p * 3 + ch] = t[ch]! + (data[p * 3 + ch]! - c[ch]!) * 0.7;
  }
  return { data: out, width, height };
}

/**
 * Brush strokes as SVG: broad ones on a jittered grid over everything, then finer ones where the
 * picture has edges. Each lies along the local contour, takes the repainted colour under it
 * with a little variation, and overlaps its neighbours.
 */
function strokes(painted: Raster, smooth: Raster, width: number, height: number, random: Random): string {
  const { width: aw, height: ah } = painted;
  const scale = width / aw;
  const luma = new Float32Array(aw * ah);
  for (let i = 0; i < luma.length; i += 1)
    luma[i] = 0.299 * smooth.data[i * 3]! + 0.587 * smooth.data[i * 3 + 1]! + 0.114 * smooth.data[i * 3 + 2]!;
  const gradient = (x: number, y: number) => {
    const xi = Math.min(aw - 2, Math.max(1, Math.round(x)));
    const yi = Math.min(ah - 2, Math.max(1, Math.round(y)));
    const gx = luma[yi * aw + xi + 1]! - luma[yi * aw + xi - 1]!;
    const gy = luma[(yi + 1) * aw + xi]! - luma[(yi - 1) * aw + xi]!;
    return { gx, gy, magnitude: Math.hypot(gx, gy) };
  };
  const colourAt = (x: number, y: number) => {
    const i = Math.min(ah - 1, Math.max(0, Math.round(y))) * aw + Math.min(aw - 1, Math.max(0, Math.round(x)));
    const jitter = random.range(-10, 10);
    const hex = (v: number) =>
      Math.min(255, Math.max(0, Math.round(v + jitter + random.range(-5, 5))))
        .toString(16)
        .padStart(2, '0');
    return `#${hex(painted.data[i * 3]!)}${hex(painted.data[i * 3 + 1]!)}${hex(painted.data[i * 3 + 2]!)}`;
  };
  const paths: string[] = [];
  const layer = (spacing: number, length: number, thickness: number, keep: (m: number) => boolean) => {
    const cells: [number, number][] = [];
    for (let y = spacing / 2; y < ah; y += spacing) for (let x = spacing / 2; x < aw; x += spacing) cells.push([x, y]);
    // Random order, so no stroke systematically covers its right-hand neighbour.
    for (let i = cells.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random.next() * (i + 1));
      [cells[i], cells[j]] = [cells[j]!, cells[i]!];
    }
    for (const [cx, cy] of cells) {
      const x = cx + random.range(-spacing / 2, spacing / 2);
      const y = cy + random.range(-spacing / 2, spacing / 2);
      const { gx, gy, magnitude } = gradient(x, y);
      if (!keep(magnitude)) continue;
      // Along the contour: perpendicular to the gradient; flat areas get a loose random angle.
      const angle =
        magnitude > 2 ? Math.atan2(gy, gx) + Math.PI / 2 + random.range(-0.25, 0.25) : random.range(-0.6, 0.6);
      const half = (length * random.range(0.7, 1.3) * scale) / 2;
      const ux = Math.cos(angle) * half;
      const uy = Math.sin(angle) * half;
      const px = x * scale;
      const py = y * scale;
      const bend = random.range(-0.3, 0.3) * half;
      const w = (thickness * random.range(0.75, 1.25) * scale).toFixed(1);
      paths.push(
        `<path d="M${(px - ux).toFixed(1)} ${(py - uy).toFixed(1)} Q${(px - uy * (bend / half)).toFixed(1)} ${(py + ux * (bend / half)).toFixed(1)} ${(px + ux).toFixed(1)} ${(py + uy).toFixed(1)}" stroke="${colourAt(x, y)}" stroke-width="${w}" opacity="${random.range(0.7, 0.95).toFixed(2)}"/>`,
      );
    }
  };
  const side = Math.max(aw, ah);
  layer(side / 60, side / 28, side / 70, () => true);
  layer(side / 110, side / 55, side / 150, (m) => m > 6);
  layer(side / 190, side / 90, side / 260, (m) => m > 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="none" stroke-linecap="round">${paths.join('')}</g></svg>`;
}

/** A broad light from a random side and a shade opposite it, for a soft-light blend. */
function lightOverlay(width: number, height: number, random: Random): string {
  const angle = random.range(0, Math.PI * 2);
  const x1 = (0.5 - Math.cos(angle) * 0.5).toFixed(3);
  const y1 = (0.5 - Math.sin(angle) * 0.5).toFixed(3);
  const x2 = (0.5 + Math.cos(angle) * 0.5).toFixed(3);
  const y2 = (0.5 + Math.sin(angle) * 0.5).toFixed(3);
  const warm = random.chance(0.5);
  const lightColour = warm ? '#fff1d6' : '#e6f0ff';
  const shadeColour = warm ? '#2a2440' : '#3a2a1c';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="l" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
      <stop offset="0" stop-color="${lightColour}" stop-opacity="0.6"/>
      <stop offset="0.55" stop-color="#808080" stop-opacity="0"/>
      <stop offset="1" stop-color="${shadeColour}" stop-opacity="0.45"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#l)"/>
  </svg>`;
}
