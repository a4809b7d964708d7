/**
 * Writes the local tools' test fixtures: synthetic but photo-like pictures (gradients, fractal
 * texture, grain, soft shading), small enough to commit. Run once with
 * `npx tsx packages/imaging/test/make-fixtures.ts`; the output
 * is committed, so tests never depend on this script's exact numbers.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = fileURLToPath(new URL('./fixtures/', import.meta.url));

function hash(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash(x0, y0, seed);
  const b = hash(x0 + 1, y0, seed);
  const c = hash(x0, y0 + 1, seed);
  const d = hash(x0 + 1, y0 + 1, seed);
  return (a * (1 - sx) + b * sx) * (1 - sy) + (c * (1 - sx) + d * sx) * sy;
}

function fbm(x: number, y: number, seed: number, octaves = 5): number {
  let sum = 0;
  let amplitude = 0.5;
  let frequency = 1;
  for (let o = 0; o < octaves; o += 1) {
    sum += amplitude * valueNoise(x * frequency, y * frequency, seed + o * 17);
    amplitude *= 0.5;
    frequency *= 2;
  }
  return sum / (1 - 0.5 ** octaves);
}

type Paint = (x: number, y: number) => [number, number, number];

function raster(width: number, height: number, paint: Paint): Buffer {
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      const grain = (hash(x, y, 99) - 0.5) * 10;
      const o = (y * width + x) * 3;
      out[o] = Math.max(0, Math.min(255, Math.round(r + grain)));
      out[o + 1] = Math.max(0, Math.min(255, Math.round(g + grain)));
      out[o + 2] = Math.max(0, Math.min(255, Math.round(b + grain)));
    }
  }
  return out;
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/** A valley at dusk: sky with clouds, two mountain ridges, a meadow with grass texture and a path. */
function landscape(width: number, height: number): Paint {
  const s = width / 1024;
  return (x, y) => {
    const u = x / width;
    const v = y / height;
    const ridgeFar = 0.42 + 0.1 * fbm(u * 3, 0.5, 11, 4) - 0.05;
    const ridgeNear = 0.55 + 0.09 * fbm(u * 2.2, 3.5, 23, 5);
    if (v < ridgeFar) {
      const t = v / ridgeFar;
      let r = mix(70, 244, t);
      let g = mix(110, 170, t);
      let b = mix(190, 140, t);
      const cloud = Math.max(0, fbm(x / (220 * s), y / (90 * s), 5) - 0.5) * 2.4;
      r = mix(r, 252, Math.min(1, cloud));
      g = mix(g, 226, Math.min(1, cloud));
      b = mix(b, 215, Math.min(1, cloud));
      return [r, g, b];
    }
    if (v < ridgeNear) {
      const rock = fbm(x / (30 * s), y / (30 * s), 31);
      const haze = (v - ridgeFar) / (ridgeNear - ridgeFar);
      return [mix(120, 80, haze) + rock * 30, mix(120, 90, haze) + rock * 25, mix(160, 110, haze) + rock * 20];
    }
    const depth = (v - ridgeNear) / (1 - ridgeNear);
    const blade = fbm(x / (3 * s + depth * 4 * s), y / (9 * s + depth * 6 * s), 41, 4);
    const patchy = fbm(x / (160 * s), y / (60 * s), 43, 3);
    let r = mix(70, 40, depth) + blade * 60 + patchy * 40;
    let g = mix(120, 95, depth) + blade * 70 + patchy * 30;
    let b = mix(60, 30, depth) + blade * 25;
    const pathCentre = 0.5 + 0.18 * Math.sin(depth * 3 + 1) * (1 - depth * 0.3);
    const pathHalf = 0.01 + depth * 0.08;
    const d = Math.abs(u - pathCentre);
    if (d < pathHalf) {
      const gravel = fbm(x / (2.5 * s), y / (2.5 * s), 51, 3);
      const edge = Math.min(1, (pathHalf - d) / (pathHalf * 0.25));
      r = mix(r, 170 + gravel * 50, edge);
      g = mix(g, 150 + gravel * 45, edge);
      b = mix(b, 120 + gravel * 40, edge);
    }
    return [r, g, b];
  };
}

/** Weathered paving: irregular stones with mortar, texture in every stone. */
function paving(width: number, height: number): Paint {
  return (x, y) => {
    const cell = 46;
    const jitterX = fbm(x / 40, y / 40, 61, 3) * 14;
    const jitterY = fbm(x / 40, y / 40, 63, 3) * 14;
    const gx = (x + jitterX) / cell;
    const gy = (y + jitterY) / cell;
    const row = Math.floor(gy);
    const shiftX = gx + (row % 2) * 0.5;
    const fx = shiftX - Math.floor(shiftX);
    const fy = gy - row;
    const mortar = Math.min(fx, 1 - fx, fy, 1 - fy) < 0.06;
    const tone = hash(Math.floor(shiftX), row, 71);
    const grain = fbm(x / 4, y / 4, 73, 3);
    if (mortar) return [95 + grain * 30, 90 + grain * 28, 82 + grain * 25];
    const light = 0.85 + 0.25 * (1 - y / height) * (x / width + 0.4);
    return [
      (150 + tone * 40 + grain * 45) * light,
      (135 + tone * 30 + grain * 40) * light,
      (115 + tone * 20 + grain * 35) * light,
    ];
  };
}

/** Linen-like woven texture with a soft vignette, a poster's background. */
function linen(width: number, height: number): Paint {
  return (x, y) => {
    const weave =
      0.5 +
      0.25 * Math.sin(x * 1.3 + fbm(x / 30, y / 30, 81) * 6) +
      0.25 * Math.sin(y * 1.1 + fbm(x / 30, y / 30, 83) * 6);
    const blotch = fbm(x / 120, y / 120, 85, 4);
    const dx = x / width - 0.5;
    const dy = y / height - 0.5;
    const vignette = 1 - 0.55 * (dx * dx + dy * dy);
    return [
      (196 + weave * 22 + blotch * 30) * vignette,
      (178 + weave * 20 + blotch * 26) * vignette,
      (150 + weave * 16 + blotch * 18) * vignette,
    ];
  };
}

async function writeJpeg(name: string, width: number, height: number, pixels: Buffer, overlay?: string) {
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (overlay) image = sharp(await image.png().toBuffer()).composite([{ input: Buffer.from(overlay) }]);
  const bytes = await image.jpeg({ quality: 84, mozjpeg: true }).toBuffer();
  await writeFile(path.join(here, name), bytes);
  console.log(name, `${(bytes.length / 1024).toFixed(0)} kB`);
}

// The landscape: upscale, uncrop, reimagine and the bench.
const landscapePixels = raster(1024, 768, landscape(1024, 768));
await writeJpeg('landscape-1024x768.jpg', 1024, 768, landscapePixels);
// The small one is the large one reduced (anti-aliased, as a camera's thumbnail would be).
const landscapeSmall = await sharp(landscapePixels, { raw: { width: 1024, height: 768, channels: 3 } })
  .resize(256, 192, { kernel: 'lanczos3' })
  .raw()
  .toBuffer();
await writeJpeg('landscape-256x192.jpg', 256, 192, landscapeSmall);

// Cleanup: a red ball with its shadow on paving, and the mask that covers them.
{
  const width = 512;
  const height = 384;
  const ball = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="ball" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="#ff8a7a"/><stop offset="0.45" stop-color="#d01e1e"/><stop offset="1" stop-color="#5a0505"/></radialGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="6"/></filter>
    </defs>
    <ellipse cx="272" cy="246" rx="78" ry="20" fill="#000" opacity="0.45" filter="url(#blur)"/>
    <circle cx="256" cy="190" r="62" fill="url(#ball)"/>
  </svg>`;
  await writeJpeg('ball-on-paving-512x384.jpg', width, height, raster(width, height, paving(width, height)), ball);
  const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#000"/>
    <circle cx="256" cy="190" r="68" fill="#fff"/>
    <ellipse cx="272" cy="248" rx="96" ry="32" fill="#fff"/>
  </svg>`;
  const maskPng = await sharp(Buffer.from(mask)).greyscale().png().toBuffer();
  await writeFile(path.join(here, 'ball-on-paving-512x384.mask.png'), maskPng);
  console.log('ball-on-paving-512x384.mask.png', `${(maskPng.length / 1024).toFixed(0)} kB`);
}

// Remove-text: a headline and a line of body text on linen, 1024×768 (the bench's size).
{
  const width = 1024;
  const height = 768;
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <text x="96" y="250" font-family="DejaVu Sans" font-weight="bold" font-size="92" fill="#fdfaf2" stroke="#3a2a1c" stroke-width="4">SUMMER SALE</text>
    <text x="100" y="380" font-family="DejaVu Serif" font-size="46" fill="#243552">Fresh coffee every morning</text>
    <text x="100" y="600" font-family="DejaVu Sans" font-size="34" fill="#6b2d1e">Open daily 8 to 6</text>
  </svg>`;
  await writeJpeg('text-on-linen-1024x768.jpg', width, height, raster(width, height, linen(width, height)), text);
}
