import { createRandom } from '../random.ts';
import type { Raster } from '../raster.ts';

/**
 * Exemplar-based hole filling in the manner of Harrison's "Resynthesizer" (the algorithm behind
 * GIMP's Heal Selection), written here because no npm package ships one.
 *
 * The hole is filled pixel by pixel from its rim inwards. Each pixel copies one pixel of the
 * picture — the one whose known neighbourhood best matches its own — so texture is copied, never
 * averaged, and stays as sharp as the picture. The candidates tried are chiefly "coherent" ones:
 * where a neighbour was copied from, shifted by the same offset, so whole runs of texture
 * (a stone's edge, a line of mortar, a weave) continue into the hole; random candidates, near
 * and far, let a new run start where none fits. Later passes refine every pixel once all its
 * neighbours exist.
 */

export type ResynthesisOptions = {
  seed?: string;
  /** Refinement passes after the first (default 2). */
  passes?: number;
  /** Known neighbours compared per pixel. */
  neighbours?: number;
  /** Random candidates per pixel (half near it, half anywhere). */
  randomCandidates?: number;
  /**
   * For a hole around a known rectangle (uncrop): start every hole pixel from the nearest edge
   * pixel, which keeps sky above and ground below, and let the refinement passes replace what
   * repeats too plainly.
   */
  startFromEdge?: boolean;
  /**
   * Pixels never copied from (1 = avoid), the same size as the image: the subject, grown by the
   * caller so that no compared neighbourhood reaches into it either.
   */
  avoid?: Uint8Array;
};

/** Neighbour offsets within this radius, nearest first. */
const searchRadius = 5;
/** Larger colour differences count no more than this (a stray outlier must not veto a fit). */
const maxDifference = 60 * 60 * 3;

/** `avoid`: 1 where no pixel may be copied from (besides the hole itself). */
type Level = { img: Float32Array; hole: Uint8Array; avoid: Uint8Array | undefined; width: number; height: number };

/** The half-width of the neighbourhood compared around a copied pixel: a caller grows what it avoids by this. */
export const patchRadius = searchRadius;

/** Coarser levels are made until the hole fits in about this many pixels across. */
const coarsestHoleSide = 40;

/**
 * Fills the hole coarse to fine: the coarsest level lays out the structure (where the runs of
 * texture go), each finer level starts from it, where every pixel copies from twice the coarse
 * position, and refines with its full neighbourhood.
 */
export function resynthesize(
  image: Raster,
  hole: Uint8Array,
  options: ResynthesisOptions = {},
): Raster & { sourceOf: Int32Array } {
  const random = createRandom(options.seed ?? 'resynthesize');
  if (options.startFromEdge) {
    const level: Level = {
      img: image.data.slice(),
      hole,
      avoid: options.avoid,
      width: image.width,
      height: image.height,
    };
    const seeded = edgeSources(level, random.next);
    if (seeded) {
      const sourceOf = synthesise(level, seeded, options.passes ?? 2, random.next, options);
      return { data: level.img, width: level.width, height: level.height, sourceOf };
    }
  }
  const pyramid: Level[] = [
    { img: image.data.slice(), hole, avoid: options.avoid, width: image.width, height: image.height },
  ];
  for (;;) {
    const top = pyramid.at(-1)!;
    const holeSide = Math.sqrt(countHole(top.hole));
    if (holeSide <= coarsestHoleSide || Math.min(top.width, top.height) < 64 || pyramid.length >= 6) break;
    pyramid.push(downsample(top));
  }
  let sourceOf: Int32Array | null = null;
  let coarser: Level | null = null;
  for (let index = pyramid.length - 1; index >= 0; index -= 1) {
    const level = pyramid[index]!;
    // Coarse levels are cheap and decide the layout: refine them more, with wider neighbourhoods.
    const refinements = index === 0 ? (options.passes ?? 2) : (options.passes ?? 2) + 2;
    const levelOptions = index === 0 ? options : { ...options, neighbours: 2 * (options.neighbours ?? 24) };
    if (!coarser || !sourceOf) {
      sourceOf = synthesise(level, null, 1 + refinements, random.next, levelOptions);
    } else {
      const seeded = seedFromCoarser(level, coarser, sourceOf);
      sourceOf = synthesise(level, seeded, refinements, random.next, levelOptions);
    }
    coarser = level;
  }
  const finest = pyramid[0]!;
  return {
    data: finest.img,
    width: finest.width,
    height: finest.height,
    sourceOf: sourceOf ?? new Int32Array(finest.width * finest.height).fill(-1),
  };
}

/**
 * Each hole pixel's first source: a pixel near the nearest point of the known rectangle's edge (never its
 * mirror image, which copied the subject outwards upside down), or, where that pixel is avoided,
 * a random background pixel. The refinement passes then replace what repeats too plainly.
 */
const edgeJitter = 12;

function edgeSources(level: Level, next: () => number): Int32Array | null {
  const { img, hole, avoid, width: w, height: h } = level;
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  const background: number[] = [];
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      if (hole[y * w + x]) continue;
      if (!avoid?.[y * w + x]) background.push(y * w + x);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0 || background.length === 0) return null;
  const sourceOf = new Int32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      if (!hole[i]) {
        sourceOf[i] = i;
        continue;
      }
      // Near the edge, a little inside it: each start differs, so no streak repeats one edge pixel.
      const jx = Math.round((next() * 2 - 1) * edgeJitter);
      const jy = Math.round((next() * 2 - 1) * edgeJitter);
      let s =
        Math.min(y1, Math.max(y0, Math.min(y1, Math.max(y0, y)) + jy)) * w +
        Math.min(x1, Math.max(x0, Math.min(x1, Math.max(x0, x)) + jx));
      if (hole[s]) return null; // not a rectangle: no edge start
      if (avoid?.[s]) s = background[Math.floor(next() * background.length)]!;
      sourceOf[i] = s;
      img[i * 3] = img[s * 3]!;
      img[i * 3 + 1] = img[s * 3 + 1]!;
      img[i * 3 + 2] = img[s * 3 + 2]!;
    }
  }
  return sourceOf;
}

function countHole(hole: Uint8Array): number {
  let n = 0;
  for (const v of hole) if (v) n += 1;
  return n;
}

/** 2× smaller; a coarse pixel is known only when its four children are. */
function downsample(level: Level): Level {
  const width = level.width >> 1;
  const height = level.height >> 1;
  const img = new Float32Array(width * height * 3);
  const hole = new Uint8Array(width * height);
  const avoid = level.avoid && new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const c = y * width + x;
      for (let dy = 0; dy < 2; dy += 1) {
        for (let dx = 0; dx < 2; dx += 1) {
          const f = (2 * y + dy) * level.width + 2 * x + dx;
          if (level.hole[f]) hole[c] = 1;
          if (avoid && level.avoid![f]) avoid[c] = 1;
          img[c * 3] = img[c * 3]! + level.img[f * 3]! / 4;
          img[c * 3 + 1] = img[c * 3 + 1]! + level.img[f * 3 + 1]! / 4;
          img[c * 3 + 2] = img[c * 3 + 2]! + level.img[f * 3 + 2]! / 4;
        }
      }
    }
  }
  return { img, hole, avoid, width, height };
}

/** Each fine hole pixel copies from twice its coarse pixel's source (plus its own parity). */
function seedFromCoarser(level: Level, coarse: Level, coarseSource: Int32Array): Int32Array {
  const { img, hole, width: w, height: h } = level;
  const sourceOf = new Int32Array(w * h).fill(-1);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      if (!hole[i]) {
        sourceOf[i] = i;
        continue;
      }
      const cx = Math.min(coarse.width - 1, x >> 1);
      const cy = Math.min(coarse.height - 1, y >> 1);
      const cs = coarseSource[cy * coarse.width + cx]!;
      let s = -1;
      if (cs >= 0) {
        const sx = Math.min(w - 1, 2 * (cs % coarse.width) + (x & 1));
        const sy = Math.min(h - 1, 2 * Math.floor(cs / coarse.width) + (y & 1));
        if (!hole[sy * w + sx] && !level.avoid?.[sy * w + sx]) s = sy * w + sx;
      }
      sourceOf[i] = s;
      if (s >= 0) {
        img[i * 3] = img[s * 3]!;
        img[i * 3 + 1] = img[s * 3 + 1]!;
        img[i * 3 + 2] = img[s * 3 + 2]!;
      } else {
        const c = (cy * coarse.width + cx) * 3;
        img[i * 3] = coarse.img[c]!;
        img[i * 3 + 1] = coarse.img[c + 1]!;
        img[i * 3 + 2] = coarse.img[c + 2]!;
      }
    }
  }
  return sourceOf;
}

/**
 * One level: a growing pass from the rim (when not seeded), then refinement passes in which
 * every hole pixel is matched again with all its neighbours present.
 */
function synthesise(
  level: Level,
  seeded: Int32Array | null,
  passes: number,
  next: () => number,
  options: ResynthesisOptions,
): Int32Array {
  const { img, hole, avoid, width: w, height: h } = level;
  const neighbourCount = options.neighbours ?? 24;
  const randomCount = options.randomCandidates ?? 24;

  const sources: number[] = [];
  for (let i = 0; i < w * h; i += 1) if (!hole[i] && !avoid?.[i]) sources.push(i);
  const order = rimOrder(hole, w, h, next);
  const known = new Uint8Array(w * h);
  const sourceOf = seeded ?? new Int32Array(w * h).fill(-1);
  if (sources.length === 0 || order.length === 0) return sourceOf;
  for (let i = 0; i < w * h; i += 1) {
    if (!hole[i]) {
      known[i] = 1;
      sourceOf[i] = i;
    } else if (seeded) {
      known[i] = 1;
    }
  }

  const offsets: [number, number][] = [];
  for (let dy = -searchRadius; dy <= searchRadius; dy += 1) {
    for (let dx = -searchRadius; dx <= searchRadius; dx += 1) {
      if ((dx || dy) && dx * dx + dy * dy <= searchRadius * searchRadius + 1) offsets.push([dx, dy]);
    }
  }
  offsets.sort((a, b) => a[0] * a[0] + a[1] * a[1] - (b[0] * b[0] + b[1] * b[1]));
  const offsetX = Int32Array.from(offsets, (o) => o[0]);
  const offsetY = Int32Array.from(offsets, (o) => o[1]);

  // The local window random candidates come from: about the hole's own scale.
  const localRadius = Math.max(16, Math.round(Math.sqrt(order.length) * 1.5));

  const nx = new Int32Array(neighbourCount);
  const ny = new Int32Array(neighbourCount);
  const nv = new Float32Array(neighbourCount * 3);
  // Candidates already scored for this pixel (a short list: scanning it beats a Set).
  const tried = new Int32Array(neighbourCount + 3 * (options.randomCandidates ?? 24) + 2);
  let triedCount = 0;

  // Per-pixel state shared by the two helpers below (defined once: no closure per pixel).
  let n = 0;
  let best: number;
  let bestCost = Infinity;
  const cost = (c: number, limit: number): number => {
    const cx = c % w;
    const cy = (c - cx) / w;
    let sum = 0;
    for (let k = 0; k < n; k += 1) {
      const x = cx + nx[k]!;
      const y = cy + ny[k]!;
      if (x < 0 || y < 0 || x >= w || y >= h || hole[y * w + x]) {
        sum += maxDifference;
      } else {
        const q = (y * w + x) * 3;
        const d0 = img[q]! - nv[k * 3]!;
        const d1 = img[q + 1]! - nv[k * 3 + 1]!;
        const d2 = img[q + 2]! - nv[k * 3 + 2]!;
        const d = d0 * d0 + d1 * d1 + d2 * d2;
        sum += d < maxDifference ? d : maxDifference;
      }
      if (sum >= limit) return sum;
    }
    return sum;
  };
  const consider = (c: number) => {
    if (c < 0 || c >= w * h || hole[c] || avoid?.[c]) return;
    for (let k = 0; k < triedCount; k += 1) if (tried[k] === c) return;
    tried[triedCount++] = c;
    const d = cost(c, bestCost);
    if (d < bestCost) {
      bestCost = d;
      best = c;
    }
  };

  for (let pass = 0; pass < passes; pass += 1) {
    for (const p of order) {
      const px = p % w;
      const py = (p - px) / w;
      // The pixel's known neighbours (while growing, only those already filled).
      n = 0;
      for (let o = 0; o < offsetX.length; o += 1) {
        const dx = offsetX[o]!;
        const dy = offsetY[o]!;
        const x = px + dx;
        const y = py + dy;
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const q = y * w + x;
        if (!known[q]) continue;
        nx[n] = dx;
        ny[n] = dy;
        nv[n * 3] = img[q * 3]!;
        nv[n * 3 + 1] = img[q * 3 + 1]!;
        nv[n * 3 + 2] = img[q * 3 + 2]!;
        n += 1;
        if (n === neighbourCount) break;
      }

      best = sourceOf[p]!;
      bestCost = best >= 0 && !hole[best] && !avoid?.[best] ? cost(best, Infinity) : Infinity;
      if (bestCost === Infinity) best = -1;
      triedCount = 0;
      // Coherent candidates: continue the runs the neighbours were copied from.
      for (let k = 0; k < n; k += 1) {
        const q = (py + ny[k]!) * w + px + nx[k]!;
        const s = sourceOf[q]!;
        if (s < 0 || s === q) continue;
        const sx = (s % w) - nx[k]!;
        const sy = Math.floor(s / w) - ny[k]!;
        if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
        consider(sy * w + sx);
      }
      // Fresh starts: near the pixel (likeliest to match) and anywhere.
      const fresh = best < 0 ? randomCount * 3 : randomCount;
      for (let k = 0; k < fresh; k += 1) {
        if (k % 2 === 0) {
          const x = Math.min(w - 1, Math.max(0, px + Math.round((next() * 2 - 1) * localRadius)));
          const y = Math.min(h - 1, Math.max(0, py + Math.round((next() * 2 - 1) * localRadius)));
          consider(y * w + x);
        } else {
          consider(sources[Math.floor(next() * sources.length)]!);
        }
      }
      if (best < 0) best = sources[Math.floor(next() * sources.length)]!;
      img[p * 3] = img[best * 3]!;
      img[p * 3 + 1] = img[best * 3 + 1]!;
      img[p * 3 + 2] = img[best * 3 + 2]!;
      sourceOf[p] = best;
      known[p] = 1;
    }
  }
  return sourceOf;
}

/** Hole pixels ordered from the rim inwards (distance to the known region), shuffled within each ring. */
function rimOrder(hole: Uint8Array, w: number, h: number, next: () => number): number[] {
  const ring = new Int32Array(w * h).fill(-1);
  let frontier: number[] = [];
  for (let i = 0; i < w * h; i += 1) {
    if (!hole[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (
      (x > 0 && !hole[i - 1]) ||
      (x < w - 1 && !hole[i + 1]) ||
      (y > 0 && !hole[i - w]) ||
      (y < h - 1 && !hole[i + w])
    ) {
      ring[i] = 0;
      frontier.push(i);
    }
  }
  const order: number[] = [];
  let depth = 0;
  while (frontier.length > 0) {
    for (let k = frontier.length - 1; k > 0; k -= 1) {
      const j = Math.floor(next() * (k + 1));
      [frontier[k], frontier[j]] = [frontier[j]!, frontier[k]!];
    }
    for (const i of frontier) order.push(i);
    const nextFrontier: number[] = [];
    depth += 1;
    for (const i of frontier) {
      const x = i % w;
      const neighbours = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w];
      for (const q of neighbours) {
        if (q < 0 || q >= w * h || !hole[q] || ring[q]! >= 0) continue;
        ring[q] = depth;
        nextFrontier.push(q);
      }
    }
    frontier = nextFrontier;
  }
  // A hole that touches no known pixel (the whole image) has no rim: fill it in scan order.
  if (order.length === 0) for (let i = 0; i < w * h; i += 1) if (hole[i]) order.push(i);
  return order;
}
