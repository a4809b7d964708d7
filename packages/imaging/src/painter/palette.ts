import { hsl, mix, type Hsl, type Rgb } from '../colour.ts';
import type { Mood, TimeOfDay, Traits } from './prompt-traits.ts';
import type { Random } from '../random.ts';

export type Palette = {
  skyTop: Rgb;
  skyMid: Rgb;
  horizon: Rgb;
  /** The sun's or moon's light. */
  glow: Rgb;
  /** Ridge colours from the farthest to the nearest. */
  land: Rgb[];
  water: Rgb;
  /** Strong colours for forms (blobs, geometry, windows). */
  accents: Rgb[];
  ink: Rgb;
  paper: Rgb;
};

const white: Rgb = [255, 255, 255];

/** A typical sky for each time of day, as [top, middle, horizon, light]. */
const skies: Record<TimeOfDay, [Hsl, Hsl, Hsl, Hsl]> = {
  day: [
    [212, 0.7, 0.42],
    [203, 0.65, 0.62],
    [195, 0.55, 0.84],
    [48, 0.95, 0.82],
  ],
  dawn: [
    [232, 0.35, 0.52],
    [310, 0.4, 0.74],
    [28, 0.85, 0.84],
    [40, 1, 0.88],
  ],
  sunset: [
    [258, 0.5, 0.22],
    [330, 0.6, 0.48],
    [28, 0.95, 0.6],
    [42, 1, 0.72],
  ],
  night: [
    [228, 0.6, 0.05],
    [234, 0.5, 0.13],
    [248, 0.4, 0.27],
    [50, 0.35, 0.9],
  ],
};

/** How far the land sits below the sky in lightness, by time of day. */
const landLightness: Record<TimeOfDay, number> = { day: 0.34, dawn: 0.36, sunset: 0.14, night: 0.07 };

function moodAdjust(mood: Mood, [h, s, l]: Hsl): Hsl {
  switch (mood) {
    case 'pastel':
      return [h, s * 0.55, l + (0.86 - l) * 0.45];
    case 'vivid':
      return [h, Math.min(1, s * 1.35 + 0.1), l];
    case 'dark':
      return [h, s * 0.8, l * 0.55];
    default:
      return [h, s, l];
  }
}

/** Turns `from` toward `to` by `amount` along the shorter way round the colour wheel. */
function towardHue(from: number, to: number, amount: number): number {
  const delta = ((((to - from) % 360) + 540) % 360) - 180;
  return from + delta * amount;
}

export function paletteOf(traits: Traits, random: Random): Palette {
  const { hue, time, mood } = traits;
  // A named colour should dominate; an unnamed one only tints a believable sky.
  const tint = traits.namedColour ? 0.65 : random.range(0.3, 0.6);
  const harmony = random.pick([150, 180, 210, 120, -120, 35]);
  const second = hue + harmony;
  const colour = (value: Hsl): Rgb => hsl(...moodAdjust(mood, value));
  const sky = skies[time].map(([h, s, l]) => [towardHue(h, hue, tint), s, l] as Hsl);
  const [skyTop, skyMid, horizon, glow] = sky.map(colour) as [Rgb, Rgb, Rgb, Rgb];

  // Against a low sun or at night the land is a silhouette in the sky's own hue.
  const silhouette = time === 'sunset' || time === 'night';
  const landHue = traits.namedColour
    ? hue
    : silhouette
      ? sky[0]![0]
      : towardHue(random.pick([110, 140, 160, 30, 250]), hue, 0.4);
  const nearest = colour([landHue, random.range(0.3, 0.5), landLightness[time]]);
  const layers = 5;
  // Atmospheric perspective: far ridges fade into the haze, which a low sun tints like the sky.
  const haze = silhouette ? mix(horizon, skyMid, 0.6) : horizon;
  const snowy = traits.features.has('snow');
  const land = Array.from({ length: layers }, (_, i) => {
    const colour = mix(haze, nearest, 0.35 + (0.65 * i) / (layers - 1));
    // Snow lies on every ridge: pale, with the sky's cool light in it.
    return snowy ? mix(colour, mix(white, skyMid, 0.25), 0.6 - 0.25 * (i / (layers - 1))) : colour;
  });

  const strength = time === 'night' ? 0.62 : 0.55;
  const accents = [
    colour([hue, 0.78, strength]),
    colour([second, 0.72, strength + 0.06]),
    colour([hue + harmony / 2, 0.7, strength - 0.08]),
    colour([hue + 180 + random.range(-20, 20), 0.6, 0.5]),
  ];
  return {
    skyTop,
    skyMid,
    horizon,
    glow,
    land,
    // Water mirrors the sky, darkened a little by what lies beneath it.
    water: mix(mix(skyTop, skyMid, 0.4), nearest, 0.25),
    accents,
    ink: colour([hue, 0.35, 0.1]),
    paper: colour([towardHue(45, hue, 0.15), 0.35, time === 'night' ? 0.12 : 0.92]),
  };
}
