import sharp from 'sharp';
import { grainTile } from '../grain.ts';
import type { Light } from './light.ts';
import type { Bounds } from './subject-bounds.ts';

const n = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A seamless studio sweep, `width` × `height`, as raw RGB: a neutral paper that is darker high on
 * the wall, curves into a brighter floor a little above the subject's base, and is lit by a soft
 * pool of light behind the subject that leans toward the light's side. The painter's film grain
 * keeps the smooth gradients from banding.
 */
export async function studioBackdrop(
  width: number,
  height: number,
  subject: Bounds,
  light: Pick<Light, 'phi' | 'theta'>,
): Promise<Buffer> {
  const tall = subject.bottom - subject.top;
  const cx = (subject.left + subject.right) / 2;
  const radians = (light.phi * Math.PI) / 180;
  // The sweep's bend sits behind the lower part of the subject, as on a real paper roll.
  const bend = Math.min(0.92, Math.max(0.3, (subject.bottom - tall * 0.3) / height));
  const spotX = cx + Math.sin(radians) * width * 0.16;
  const spotY = subject.top + tall * 0.45;
  const spotR = Math.max(width, height) * 0.62;
  const reach = 0.55 + 0.25 * Math.cos(radians);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs>
      <linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#c3c3bf"/>
        <stop offset="${(bend * 0.6).toFixed(3)}" stop-color="#d6d6d2"/>
        <stop offset="${bend.toFixed(3)}" stop-color="#e8e7e3"/>
        <stop offset="${Math.min(0.99, bend + 0.12).toFixed(3)}" stop-color="#f0efeb"/>
        <stop offset="1" stop-color="#dedcd7"/>
      </linearGradient>
      <radialGradient id="spot" gradientUnits="userSpaceOnUse" cx="${n(spotX)}" cy="${n(spotY)}" r="${n(spotR)}">
        <stop offset="0" stop-color="#ffffff" stop-opacity="${reach.toFixed(3)}"/>
        <stop offset="0.45" stop-color="#ffffff" stop-opacity="${(reach * 0.45).toFixed(3)}"/>
        <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
        <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
      </radialGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sweep)"/>
    <rect width="${width}" height="${height}" fill="url(#spot)"/>
    <rect width="${width}" height="${height}" fill="url(#vignette)"/>
  </svg>`;
  const grain = grainTile(7);
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: grain.pixels,
        raw: { width: grain.size, height: grain.size, channels: 4 },
        tile: true,
        blend: 'soft-light',
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
}
