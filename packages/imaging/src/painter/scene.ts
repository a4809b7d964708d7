import { hex, mix, type Rgb } from '../colour.ts';
import * as layer from './layers.ts';
import type { Canvas } from './layers.ts';
import { paletteOf } from './palette.ts';
import type { Traits } from './prompt-traits.ts';
import { createRandom } from '../random.ts';
import { Defs, fill, type Point } from './svg.ts';

export type SceneRequest = { width: number; height: number; traits: Traits; seed: string; detail: number };

const white: Rgb = [255, 255, 255];

/** The painting as SVG text, exactly `width` × `height` pixels; same request, same text. */
export function sceneSvg(request: SceneRequest): string {
  const { width, height } = request;
  const { defs, body } = sceneParts(request);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${body}</svg>`;
}

/**
 * The painting's first layers only (a `share` of its top-level elements, in painting order: sky
 * first, vignette last), drawn at `scale` of its size: the local painter's previews.
 */
export function earlyLayersSvg(request: SceneRequest, share: number, scale: number): string {
  const { width, height } = request;
  const { defs, body } = sceneParts(request);
  const layers = topLevelElements(body);
  const kept = layers.slice(0, Math.max(1, Math.round(layers.length * share))).join('');
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}">${defs}${kept}</svg>`;
}

/** The body's top-level elements; the painter writes well-formed tags without `>` in attributes. */
function topLevelElements(body: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of body.matchAll(/<(\/?)[A-Za-z][^>]*?(\/?)>/g)) {
    if (tag[1]) depth -= 1;
    else if (!tag[2]) depth += 1;
    if (depth === 0) {
      const end = tag.index + tag[0].length;
      elements.push(body.slice(start, end));
      start = end;
    }
  }
  return elements;
}

function sceneParts({ width, height, traits, seed, detail }: SceneRequest): { defs: string; body: string } {
  const random = createRandom(seed);
  const c: Canvas = {
    width,
    height,
    unit: Math.min(width, height) / 1024,
    detail,
    random,
    palette: paletteOf(traits, random),
    defs: new Defs(),
  };
  const body = painters[traits.scene](c, traits);
  // The defs are complete only once the body has been painted (each layer adds its own).
  return { defs: String(c.defs), body };
}

type Painter = (c: Canvas, traits: Traits) => string;

/** Sun by day and at dawn or sunset, moon at night; where the prompt named one, that one. */
function light(c: Canvas, traits: Traits, at: Point): string {
  const radius = c.random.range(38, 70) * c.unit;
  const wantsMoon = traits.features.has('moon') || (traits.time === 'night' && !traits.features.has('sun'));
  return wantsMoon ? layer.moon(c, at, radius) : layer.sun(c, at, radius);
}

function landscape(c: Canvas, traits: Traits): string {
  const { features, time } = traits;
  const horizon = c.height * c.random.range(0.5, 0.66);
  const lightAt: Point = [c.width * c.random.range(0.2, 0.8), horizon - c.height * c.random.range(0.08, 0.35)];
  const craggy = features.has('mountains') || (!features.has('hills') && c.random.chance(0.5));
  const hasWater = features.has('water') || c.random.chance(0.2);
  const waterY = horizon + c.height * c.random.range(0.08, 0.16);
  let out = layer.sky(c, horizon);
  if (time === 'night' || features.has('stars')) out += layer.stars(c, horizon, time === 'night' ? 1 : 0.3);
  out += light(c, traits, lightAt);
  if (features.has('clouds') || c.random.chance(0.55))
    out += layer.clouds(c, c.random.int(2, 5), [c.height * 0.08, horizon * 0.75], mix(c.palette.horizon, white, 0.5));

  const layers = c.palette.land.length - (hasWater ? 2 : 0);
  let nearest: Point[] = [];
  for (let i = 0; i < layers; i += 1) {
    const depth = i / Math.max(1, layers - 1);
    const jagged = craggy && i < layers - 1;
    const amplitude = c.height * (jagged ? 0.14 - depth * 0.05 : 0.06);
    const line = layer.ridgeLine(
      c,
      horizon + depth * (hasWater ? waterY - horizon : c.height * 0.3),
      amplitude,
      jagged ? 0.55 : 0.38,
    );
    out += layer.ridge(c, line, c.palette.land[i]!, {
      jagged,
      snow: jagged && i === 0 && (features.has('snow') || c.random.chance(0.4)),
    });
    if (time === 'dawn' || features.has('clouds'))
      out += layer.mist(c, horizon + depth * c.height * 0.2, c.height * 0.03);
    nearest = line;
  }
  if (hasWater) out += layer.water(c, waterY, lightAt[0]);
  else if (features.has('trees') || c.random.chance(0.45))
    out += layer.trees(c, nearest, mix(c.palette.land.at(-1)!, c.palette.ink, 0.4), craggy || features.has('snow'));
  return out + layer.vignette(c, 0.35);
}

function seascape(c: Canvas, traits: Traits): string {
  const horizon = c.height * c.random.range(0.48, 0.62);
  const lightAt: Point = [c.width * c.random.range(0.25, 0.75), horizon - c.height * c.random.range(0.05, 0.25)];
  let out = layer.sky(c, horizon);
  if (traits.time === 'night') out += layer.stars(c, horizon, 1);
  out += light(c, traits, lightAt);
  out += layer.clouds(c, c.random.int(1, 4), [c.height * 0.1, horizon * 0.8], mix(c.palette.horizon, white, 0.45));
  // A far coast or island on the horizon.
  if (c.random.chance(0.7)) {
    const line = layer.ridgeLine(c, horizon, c.height * 0.035, 0.5).map(([x, y]) => [x, Math.min(horizon, y)] as Point);
    out += layer.ridge(c, line, c.palette.land[1]!, { jagged: false, snow: false });
  }
  return out + layer.water(c, horizon, lightAt[0]) + layer.vignette(c, 0.3);
}

function night(c: Canvas, traits: Traits): string {
  return landscape(c, { ...traits, time: 'night', features: new Set([...traits.features, 'stars']) });
}

function cosmic(c: Canvas): string {
  const { skyTop, ink } = c.palette;
  let out = layer.backdrop(c, mix(skyTop, ink, 0.6), ink);
  out += layer.glowFields(c, c.random.int(4, 7), [200, 520], [0.45, 0.75]);
  out += layer.stars(c, c.height, 1.6);
  const radius = c.random.range(90, 260) * c.unit;
  out += layer.planet(c, [c.width * c.random.range(0.2, 0.8), c.height * c.random.range(0.25, 0.75)], radius);
  if (c.random.chance(0.5))
    out += layer.planet(
      c,
      [c.width * c.random.range(0.05, 0.95), c.height * c.random.range(0.05, 0.95)],
      radius * c.random.range(0.15, 0.35),
    );
  return out + layer.vignette(c, 0.5);
}

function city(c: Canvas, traits: Traits): string {
  const horizon = c.height * c.random.range(0.6, 0.72);
  const lit = traits.time === 'night' || traits.time === 'sunset' ? 0.45 : 0.08;
  let out = layer.sky(c, horizon);
  if (traits.time === 'night') out += layer.stars(c, horizon * 0.7, 0.5);
  out += light(c, traits, [c.width * c.random.range(0.15, 0.85), horizon - c.height * c.random.range(0.2, 0.4)]);
  out += layer.skyline(c, horizon, c.palette.land[1]!, c.height * 0.32, 0);
  out += layer.skyline(
    c,
    horizon + c.height * 0.04,
    mix(c.palette.land.at(-1)!, c.palette.ink, 0.5),
    c.height * 0.26,
    lit,
  );
  if (c.random.chance(0.5)) out += layer.water(c, horizon + c.height * 0.06, undefined);
  return out + layer.vignette(c, 0.4);
}

function abstract(c: Canvas): string {
  const { accents, paper, skyMid, ink } = c.palette;
  let out = layer.backdrop(c, mix(paper, accents[0]!, 0.3), mix(skyMid, accents[1]!, 0.5));
  out += layer.glowFields(c, c.random.int(4, 6), [280, 600], [0.6, 0.9]);
  const count = Math.round(c.random.int(4, 7) * Math.sqrt(c.detail));
  for (let i = 0; i < count; i += 1) {
    const [a, b] = [c.random.pick(accents), c.random.pick(accents)];
    const paint = c.defs.radial(
      [
        [0, mix(a, white, 0.35)],
        [0.6, a],
        [1, b],
      ],
      { cx: c.random.range(0.25, 0.5), cy: c.random.range(0.25, 0.5), r: 0.8 },
    );
    const at: Point = [c.random.range(0.1, 0.9) * c.width, c.random.range(0.1, 0.9) * c.height];
    const radius = c.random.range(60, 220) * c.unit;
    // A flat offset shadow lifts the form off the ground without a costly blur.
    out += layer.blob(c, [at[0] + radius * 0.08, at[1] + radius * 0.12], radius, hex(ink), ' fill-opacity="0.18"');
    out += layer.blob(c, at, radius, paint);
  }
  out += layer.flowLines(c, c.random.int(3, 6), mix(paper, white, 0.5));
  return out + layer.vignette(c, 0.25);
}

function geometric(c: Canvas): string {
  const { paper } = c.palette;
  return `<rect width="${c.width}" height="${c.height}" ${fill(paper)}/>${layer.geometry(c)}${layer.vignette(c, 0.15)}`;
}

const painters: Record<Traits['scene'], Painter> = { landscape, seascape, night, cosmic, city, abstract, geometric };
