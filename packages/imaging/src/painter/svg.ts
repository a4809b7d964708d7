import { hex, type Rgb } from '../colour.ts';

export type Point = readonly [number, number];

/** Numbers in the SVG rounded to a tenth of a pixel: shorter text, and identical for identical input. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);
/** Opacities keep three decimals. */
const o = (value: number): string => String(Math.round(value * 1000) / 1000);

/** A smooth curve through `points` (Catmull-Rom turned into cubic Béziers). */
export function smoothThrough(points: readonly Point[]): string {
  if (points.length < 2) return '';
  const [first] = points as [Point];
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** A closed smooth outline through `points` (the curve wraps around). */
export function smoothClosed(points: readonly Point[]): string {
  const count = points.length;
  const at = (i: number) => points[((i % count) + count) % count]!;
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let i = 0; i < count; i += 1) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    d += ` C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d} Z`;
}

export function polyline(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join(' ');
}

export type Stop = readonly [offset: number, colour: Rgb, opacity?: number];

const stopsOf = (stops: readonly Stop[]) =>
  stops
    .map(
      ([offset, colour, opacity = 1]) =>
        `<stop offset="${n(offset * 100)}%" stop-color="${hex(colour)}"${opacity === 1 ? '' : ` stop-opacity="${o(opacity)}"`}/>`,
    )
    .join('');

/** Collects gradients for `<defs>`, handing out ids. */
export class Defs {
  private readonly items: string[] = [];

  private id(prefix: string): string {
    return `${prefix}${this.items.length}`;
  }

  /** A gradient along a line given in user-space pixels. */
  linear(stops: readonly Stop[], [x1, y1]: Point, [x2, y2]: Point): string {
    const id = this.id('l');
    this.items.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsOf(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient relative to the shape it fills (centre and radius in 0–1). */
  radial(
    stops: readonly Stop[],
    { cx = 0.5, cy = 0.5, r = 0.5 }: { cx?: number; cy?: number; r?: number } = {},
  ): string {
    const id = this.id('r');
    this.items.push(
      `<radialGradient id="${id}" cx="${n(cx * 100)}%" cy="${n(cy * 100)}%" r="${n(r * 100)}%">${stopsOf(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  toString(): string {
    return `<defs>${this.items.join('')}</defs>`;
  }
}

export const fill = (colour: Rgb, opacity = 1) =>
  `fill="${hex(colour)}"${opacity === 1 ? '' : ` fill-opacity="${o(opacity)}"`}`;
