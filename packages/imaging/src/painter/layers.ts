import { hex, mix, type Rgb } from '../colour.ts';
import type { Palette } from './palette.ts';
import type { Random } from '../random.ts';
import { Defs, fill, n, polyline, smoothClosed, smoothThrough, type Point } from './svg.ts';

/** What every layer paints with: the canvas size, its randomness, colours and shared defs. */
export type Canvas = {
  width: number;
  height: number;
  /** One "design pixel" at 1024 px on the short side, so forms scale with the image. */
  unit: number;
  /** 1 for standard quality, more for HD: more stars, finer ridges, more windows. */
  detail: number;
  random: Random;
  palette: Palette;
  defs: Defs;
};

const white: Rgb = [255, 255, 255];

export function sky(c: Canvas, horizonY: number): string {
  const { skyTop, skyMid, horizon } = c.palette;
  const gradient = c.defs.linear(
    [
      [0, skyTop],
      [0.55, skyMid],
      [1, horizon],
    ],
    [0, 0],
    [0, horizonY],
  );
  return `<rect width="${c.width}" height="${c.height}" fill="${gradient}"/>`;
}

/** A flat-ish backdrop for the scenes without a horizon. */
export function backdrop(c: Canvas, from: Rgb, to: Rgb): string {
  const angle = c.random.range(0, Math.PI);
  const dx = (Math.cos(angle) * c.width) / 2;
  const dy = (Math.sin(angle) * c.height) / 2;
  const centre: Point = [c.width / 2, c.height / 2];
  const gradient = c.defs.linear(
    [
      [0, from],
      [1, to],
    ],
    [centre[0] - dx, centre[1] - dy],
    [centre[0] + dx, centre[1] + dy],
  );
  return `<rect width="${c.width}" height="${c.height}" fill="${gradient}"/>`;
}

export function sun(c: Canvas, [x, y]: Point, radius: number): string {
  const { glow } = c.palette;
  const halo = c.defs.radial([
    [0, glow, 0.6],
    [0.25, glow, 0.22],
    [1, glow, 0],
  ]);
  const core = c.defs.radial([
    [0, mix(glow, white, 0.7)],
    [0.8, glow],
    [1, glow, 0.9],
  ]);
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 6)}" fill="${halo}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${core}"/>`;
}

export function moon(c: Canvas, [x, y]: Point, radius: number): string {
  const { glow, skyMid } = c.palette;
  const halo = c.defs.radial([
    [0, glow, 0.35],
    [1, glow, 0],
  ]);
  let out = `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 5)}" fill="${halo}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" ${fill(mix(glow, white, 0.5))}/>`;
  for (let i = 0, craters = c.random.int(4, 7); i < craters; i += 1) {
    const angle = c.random.range(0, Math.PI * 2);
    const distance = c.random.range(0, radius * 0.65);
    const size = c.random.range(0.08, 0.22) * radius;
    out += `<circle cx="${n(x + Math.cos(angle) * distance)}" cy="${n(y + Math.sin(angle) * distance)}" r="${n(size)}" ${fill(mix(glow, skyMid, 0.45), 0.28)}/>`;
  }
  return out;
}

export function stars(c: Canvas, maxY: number, density: number): string {
  const count = Math.round(((c.width * maxY) / 2400) * density * c.detail);
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const bright = c.random.chance(0.06);
    const r = (bright ? c.random.range(1.2, 2.2) : c.random.range(0.35, 1.1)) * c.unit;
    // Fewer stars near the horizon, where the air is thick.
    const y = maxY * Math.pow(c.random.next(), 1.4);
    out += `<circle cx="${n(c.random.range(0, c.width))}" cy="${n(y)}" r="${n(r)}" ${fill(white, c.random.range(bright ? 0.8 : 0.3, 1))}/>`;
  }
  return out;
}

export function clouds(c: Canvas, count: number, yRange: [number, number], colour: Rgb): string {
  // Puffs fade out through their own gradient: as soft as a blur filter, at a fraction of the cost.
  const puff = c.defs.radial([
    [0, colour, 0.85],
    [0.55, colour, 0.55],
    [1, colour, 0],
  ]);
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const cx = c.random.range(-0.1, 1.1) * c.width;
    const cy = c.random.range(...yRange);
    const span = c.random.range(160, 380) * c.unit;
    let puffs = '';
    for (let j = 0, k = c.random.int(6, 11); j < k; j += 1) {
      const rx = c.random.range(0.18, 0.4) * span;
      puffs += `<ellipse cx="${n(cx + c.random.range(-0.5, 0.5) * span)}" cy="${n(cy + c.random.range(-0.1, 0.06) * span)}" rx="${n(rx)}" ry="${n(rx * c.random.range(0.3, 0.5))}"/>`;
    }
    out += `<g fill="${puff}" opacity="${c.random.range(0.55, 0.9).toFixed(2)}">${puffs}</g>`;
  }
  return out;
}

/** A ridge line by midpoint displacement: `roughness` near 0.5 is craggy, lower is rolling. */
export function ridgeLine(c: Canvas, baseY: number, amplitude: number, roughness: number): Point[] {
  const segments = 2 ** Math.round(5 + c.detail);
  const heights = new Array<number>(segments + 1).fill(0);
  heights[0] = c.random.range(-1, 1);
  heights[segments] = c.random.range(-1, 1);
  let spread = 1;
  for (let step = segments; step > 1; step /= 2) {
    for (let i = step / 2; i < segments; i += step) {
      heights[i] = (heights[i - step / 2]! + heights[i + step / 2]!) / 2 + c.random.range(-spread, spread);
    }
    spread *= roughness;
  }
  return heights.map((h, i) => [(i / segments) * c.width, baseY - h * amplitude] as Point);
}

export function ridge(
  c: Canvas,
  line: Point[],
  colour: Rgb,
  { jagged, snow }: { jagged: boolean; snow: boolean },
): string {
  const top = Math.min(...line.map(([, y]) => y));
  const stops: Array<[number, Rgb]> = snow
    ? [
        [0, mix(colour, white, 0.85)],
        [0.1, mix(colour, white, 0.6)],
        [0.22, colour],
        [1, mix(colour, c.palette.ink, 0.3)],
      ]
    : [
        [0, mix(colour, c.palette.glow, 0.12)],
        [1, mix(colour, c.palette.ink, 0.25)],
      ];
  const gradient = c.defs.linear(stops, [0, top], [0, c.height]);
  const edge = jagged ? polyline(line) : smoothThrough(line);
  return `<path d="${edge} L${c.width} ${c.height} L0 ${c.height} Z" fill="${gradient}"/>`;
}

/** A band of haze sitting on a ridge, so layers read as distance. */
export function mist(c: Canvas, y: number, thickness: number): string {
  const gradient = c.defs.linear(
    [
      [0, c.palette.horizon, 0],
      [0.5, c.palette.horizon, 0.45],
      [1, c.palette.horizon, 0],
    ],
    [0, y - thickness],
    [0, y + thickness],
  );
  return `<rect y="${n(y - thickness)}" width="${c.width}" height="${n(thickness * 2)}" fill="${gradient}"/>`;
}

export function water(c: Canvas, y: number, lightX: number | undefined): string {
  const { horizon, water: deep, glow } = c.palette;
  const gradient = c.defs.linear(
    [
      [0, mix(horizon, deep, 0.2)],
      [1, deep],
    ],
    [0, y],
    [0, c.height],
  );
  let out = `<rect y="${n(y)}" width="${c.width}" height="${n(c.height - y)}" fill="${gradient}"/>`;
  const depth = c.height - y;
  // The light's path on the water: short strokes, wider and sparser toward the viewer.
  if (lightX !== undefined) {
    for (let i = 0, k = Math.round(40 * c.detail); i < k; i += 1) {
      const t = Math.pow(c.random.next(), 1.6);
      const width = (20 + 160 * t) * c.unit * c.random.range(0.4, 1);
      out += `<rect x="${n(lightX - width / 2 + c.random.range(-30, 30) * c.unit * t)}" y="${n(y + t * depth)}" width="${n(width)}" height="${n(c.random.range(1.5, 4) * c.unit)}" rx="${n(c.unit * 2)}" ${fill(glow, c.random.range(0.35, 0.8) * (1 - t * 0.5))}/>`;
    }
  }
  for (let i = 0, k = Math.round(60 * c.detail); i < k; i += 1) {
    const t = c.random.next();
    const width = c.random.range(30, 200) * c.unit * (0.3 + t);
    out += `<rect x="${n(c.random.range(-0.05, 1) * c.width)}" y="${n(y + t * depth)}" width="${n(width)}" height="${n(c.unit * c.random.range(1, 2.5))}" ${fill(horizon, c.random.range(0.08, 0.25))}/>`;
  }
  return out;
}

export function trees(c: Canvas, line: Point[], colour: Rgb, pines: boolean): string {
  let out = '';
  let x = c.random.range(0, 30) * c.unit;
  const yAt = (px: number) => {
    const i = Math.min(line.length - 2, Math.floor((px / c.width) * (line.length - 1)));
    const [x0, y0] = line[i]!;
    const [x1, y1] = line[i + 1]!;
    return y0 + ((y1 - y0) * (px - x0)) / (x1 - x0);
  };
  while (x < c.width) {
    const height = c.random.range(40, 110) * c.unit;
    const y = yAt(x) + height * 0.15;
    if (pines) {
      const w = height * c.random.range(0.28, 0.38);
      out += `<path d="${polyline([
        [x, y - height],
        [x + w, y],
        [x - w, y],
      ])} Z" ${fill(colour)}/>`;
    } else {
      const r = height * c.random.range(0.28, 0.4);
      out += `<rect x="${n(x - r * 0.08)}" y="${n(y - height * 0.45)}" width="${n(r * 0.16)}" height="${n(height * 0.45)}" ${fill(colour)}/><circle cx="${n(x)}" cy="${n(y - height * 0.55)}" r="${n(r)}" ${fill(colour)}/>`;
    }
    x += c.random.range(pines ? 10 : 25, pines ? 45 : 90) * c.unit;
  }
  return out;
}

export function skyline(c: Canvas, baseY: number, colour: Rgb, maxHeight: number, lit: number): string {
  let out = '';
  const windowColours = [c.palette.glow, ...c.palette.accents.slice(0, 2)];
  for (let x = -c.random.range(0, 40) * c.unit; x < c.width;) {
    const w = c.random.range(40, 130) * c.unit;
    const h = c.random.range(0.25, 1) * maxHeight;
    out += `<rect x="${n(x)}" y="${n(baseY - h)}" width="${n(w)}" height="${n(h + c.height - baseY)}" ${fill(colour)}/>`;
    if (c.random.chance(0.25))
      out += `<rect x="${n(x + w * 0.45)}" y="${n(baseY - h - 30 * c.unit)}" width="${n(w * 0.1)}" height="${n(30 * c.unit)}" ${fill(colour)}/>`;
    if (lit > 0) {
      const step = 14 * c.unit;
      const windowColour = c.random.pick(windowColours);
      for (let wy = baseY - h + step; wy < baseY - step; wy += step * 1.4) {
        for (let wx = x + step * 0.6; wx < x + w - step * 0.6; wx += step) {
          if (c.random.chance(lit))
            out += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(step * 0.45)}" height="${n(step * 0.6)}" ${fill(windowColour, c.random.range(0.55, 1))}/>`;
        }
      }
    }
    x += w + c.random.range(0, 12) * c.unit;
  }
  return out;
}

/** A soft organic shape: a circle whose radius wanders with a few sine waves. */
export function blob(c: Canvas, [x, y]: Point, radius: number, paint: string, extra = ''): string {
  const waves = Array.from({ length: 3 }, (_, k) => ({
    k: k + 2,
    a: c.random.range(0.04, 0.16),
    phase: c.random.range(0, Math.PI * 2),
  }));
  const points: Point[] = [];
  for (let i = 0, count = 36; i < count; i += 1) {
    const angle = (i / count) * Math.PI * 2;
    const r = radius * (1 + waves.reduce((sum, w) => sum + w.a * Math.sin(w.k * angle + w.phase), 0));
    points.push([x + Math.cos(angle) * r, y + Math.sin(angle) * r]);
  }
  return `<path d="${smoothClosed(points)}" fill="${paint}"${extra}/>`;
}

/** Large colour clouds fading to nothing at their rim (nebulae, abstract colour fields). */
export function glowFields(c: Canvas, count: number, radius: [number, number], opacity: [number, number]): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const colour = c.random.pick(c.palette.accents);
    const paint = c.defs.radial([
      [0, colour, c.random.range(...opacity)],
      [0.5, colour, 0.25],
      [1, colour, 0],
    ]);
    const [x, y, r] = [c.random.range(0, c.width), c.random.range(0, c.height), c.random.range(...radius) * c.unit];
    out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * c.random.range(0.5, 1))}" fill="${paint}" transform="rotate(${n(c.random.range(0, 180))} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}

export function planet(c: Canvas, [x, y]: Point, radius: number): string {
  const [body, band] = [c.random.pick(c.palette.accents), c.palette.glow];
  const lit = c.defs.radial(
    [
      [0, mix(body, white, 0.35)],
      [0.7, body],
      [1, mix(body, c.palette.ink, 0.6)],
    ],
    { cx: 0.35, cy: 0.35, r: 0.75 },
  );
  const ringed = c.random.chance(0.6);
  const tilt = c.random.range(-25, 25);
  const ring = (half: 'back' | 'front') => {
    const [rx, ry] = [radius * 1.9, radius * 0.45];
    const sweep = half === 'front' ? 0 : 1;
    return `<path d="M${n(x - rx)} ${n(y)} A${n(rx)} ${n(ry)} 0 0 ${sweep} ${n(x + rx)} ${n(y)}" fill="none" stroke="${hex(mix(band, white, 0.3))}" stroke-opacity="0.75" stroke-width="${n(radius * 0.12)}" transform="rotate(${n(tilt)} ${n(x)} ${n(y)})"/>`;
  };
  return `${ringed ? ring('back') : ''}<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${lit}"/>${ringed ? ring('front') : ''}`;
}

export function geometry(c: Canvas): string {
  const { accents, ink, paper } = c.palette;
  const colours = [...accents, ink];
  const columns = c.random.int(2, 4) + (c.width > c.height ? 1 : 0);
  const rows = Math.max(2, Math.round((columns * c.height) / c.width));
  const [cw, ch] = [c.width / columns, c.height / rows];
  let out = '';
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const [x, y] = [column * cw, row * ch];
      const [cx, cy, r] = [x + cw / 2, y + ch / 2, Math.min(cw, ch) * 0.42];
      const colour = c.random.pick(colours);
      if (c.random.chance(0.35))
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" ${fill(mix(c.random.pick(colours), paper, 0.55))}/>`;
      const rotation = c.random.int(0, 3) * 90;
      const turn = ` transform="rotate(${rotation} ${n(cx)} ${n(cy)})"`;
      switch (c.random.int(0, 6)) {
        case 0:
          out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${fill(colour)}/>`;
          break;
        case 1:
          out += `<path d="M${n(cx - r)} ${n(cy)} A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${n(cy)} Z" ${fill(colour)}${turn}/>`;
          break;
        case 2:
          out += `<path d="M${n(cx - r)} ${n(cy + r)} L${n(cx - r)} ${n(cy - r)} A${n(2 * r)} ${n(2 * r)} 0 0 1 ${n(cx + r)} ${n(cy + r)} Z" ${fill(colour)}${turn}/>`;
          break;
        case 3:
          out += `<path d="${polyline([
            [cx - r, cy + r],
            [cx, cy - r],
            [cx + r, cy + r],
          ])} Z" ${fill(colour)}${turn}/>`;
          break;
        case 4:
          out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.75)}" fill="none" stroke="${hex(colour)}" stroke-width="${n(r * 0.3)}"/>`;
          break;
        case 5:
          for (let i = 0; i < 5; i += 1)
            out += `<rect x="${n(cx - r)}" y="${n(cy - r + (i * 2 * r) / 5)}" width="${n(2 * r)}" height="${n(r / 5)}" ${fill(colour)}${turn}/>`;
          break;
        default:
          break; // an empty cell lets the composition breathe
      }
    }
  }
  return out;
}

export function vignette(c: Canvas, strength: number): string {
  const paint = c.defs.radial(
    [
      [0.55, c.palette.ink, 0],
      [1, c.palette.ink, strength],
    ],
    { r: 0.75 },
  );
  return `<rect width="${c.width}" height="${c.height}" fill="${paint}"/>`;
}

/** Thin ribbons sweeping across the frame. */
export function flowLines(c: Canvas, count: number, colour: Rgb): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const points: Point[] = [];
    const startY = c.random.range(0.1, 0.9) * c.height;
    for (let k = 0; k <= 6; k += 1)
      points.push([(k / 6) * c.width * 1.2 - c.width * 0.1, startY + c.random.range(-0.18, 0.18) * c.height]);
    out += `<path d="${smoothThrough(points)}" fill="none" stroke="${hex(colour)}" stroke-opacity="${c.random.range(0.25, 0.6).toFixed(2)}" stroke-width="${n(c.random.range(1.5, 5) * c.unit)}"/>`;
  }
  return out;
}
