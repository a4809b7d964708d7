/**
 * Writes the photo-like fixtures of the ML tools' tests and bench, with the true silhouette of
 * each subject beside it, so a test can tell known-subject from known-background pixels.
 * Run once with `npx tsx packages/imaging/test/make-mug-fixture.ts`;
 * the outputs are committed (no test renders them, so a librsvg upgrade cannot move a test).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = fileURLToPath(new URL('./fixtures/', import.meta.url));
const width = 1024;
const height = 768;

/** A ceramic mug with a handle (background shows through its loop) on a wooden table by a wall. */
function mugScene(silhouetteOnly: boolean): string {
  // Body: a cylinder from x 372 to 632, rim ellipse at y 250, base curve at y 590.
  const [left, right, top, bottom, ry] = [372, 632, 250, 590, 30];
  const cx = (left + right) / 2;
  const rx = (right - left) / 2;
  const body = `M${left} ${top} L${left} ${bottom} A${rx} ${ry} 0 0 0 ${right} ${bottom} L${right} ${top} A${rx} ${ry} 0 0 1 ${left} ${top} Z`;
  // Handle: a thick C on the right whose inside is open.
  const handle = `M${right - 6} 318 C ${right + 110} 300, ${right + 120} 500, ${right - 6} 500`;
  if (silhouetteOnly) {
    return svg(`<rect width="${width}" height="${height}" fill="#000"/>
      <path d="${body}" fill="#fff"/><ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="#fff"/>
      <path d="${handle}" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round"/>`);
  }
  return svg(`<defs>
      <filter id="grain" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3" result="n"/>
        <feColorMatrix type="saturate" values="0"/>
        <feComponentTransfer><feFuncA type="table" tableValues="0 0.10"/></feComponentTransfer>
        <feComposite in2="SourceGraphic" operator="in"/>
      </filter>
      <filter id="wood" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="3" seed="7"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0.36  0 0 0 0 0.22  0 0 0 0 0.12  0 0 0 1.6 -0.35"/>
      </filter>
      <filter id="plaster" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="4" seed="11"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.46  0 0 0 0 0.4  0 0 0 0.5 0"/>
      </filter>
      <filter id="blur8"><feGaussianBlur stdDeviation="8"/></filter>
      <filter id="blur22"><feGaussianBlur stdDeviation="22"/></filter>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#c9c1b2"/><stop offset="1" stop-color="#8f8676"/>
      </linearGradient>
      <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#7a4f2c"/><stop offset="1" stop-color="#a46a3b"/>
      </linearGradient>
      <linearGradient id="glaze" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#0d3b4a"/><stop offset="0.18" stop-color="#1f7a8c"/>
        <stop offset="0.34" stop-color="#8fd3df"/><stop offset="0.42" stop-color="#2b93a6"/>
        <stop offset="0.8" stop-color="#17596a"/><stop offset="1" stop-color="#082a35"/>
      </linearGradient>
      <linearGradient id="handleGlaze" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#0b3340"/><stop offset="0.6" stop-color="#1f7a8c"/><stop offset="1" stop-color="#0b3340"/>
      </linearGradient>
      <radialGradient id="coffee" cx="0.45" cy="0.4" r="0.7">
        <stop offset="0" stop-color="#6b3f22"/><stop offset="1" stop-color="#2a160a"/>
      </radialGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
      </radialGradient>
      <clipPath id="bodyClip"><path d="${body}"/></clipPath>
    </defs>
    <rect width="${width}" height="520" fill="url(#wall)"/>
    <rect width="${width}" height="520" filter="url(#plaster)"/>
    <g filter="url(#blur22)" opacity="0.55">
      <circle cx="140" cy="150" r="60" fill="#f4e3b5"/><circle cx="880" cy="120" r="80" fill="#e8d7a8"/>
      <rect x="760" y="230" width="170" height="250" rx="8" fill="#5d6b4a"/>
      <circle cx="250" cy="330" r="45" fill="#b36a4f"/>
    </g>
    <rect y="505" width="${width}" height="${height - 505}" fill="url(#table)"/>
    <rect y="505" width="${width}" height="${height - 505}" filter="url(#wood)" opacity="0.85"/>
    <rect y="500" width="${width}" height="10" fill="#4a2d17" filter="url(#blur8)"/>
    <ellipse cx="${cx + 40}" cy="${bottom + 18}" rx="${rx + 70}" ry="26" fill="#1d0f06" opacity="0.6" filter="url(#blur8)"/>
    <path d="${handle}" fill="none" stroke="url(#handleGlaze)" stroke-width="34" stroke-linecap="round"/>
    <path d="${handle}" fill="none" stroke="#a9e4ee" stroke-width="4" stroke-linecap="round" opacity="0.5" transform="translate(-6 -8)"/>
    <path d="${body}" fill="url(#glaze)"/>
    <g clip-path="url(#bodyClip)">
      ${Array.from({ length: 9 }, (_, row) =>
        Array.from({ length: 11 }, (_, col) => {
          const x = left + 14 + col * 24 + (row % 2) * 12;
          const y = top + 60 + row * 30;
          const shade = 0.35 + 0.5 * Math.sin(((x - left) / (right - left)) * Math.PI);
          return `<circle cx="${x}" cy="${y}" r="6" fill="#f6efe0" opacity="${shade.toFixed(2)}"/>`;
        }).join(''),
      ).join('')}
      <rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top + ry}" fill="#000" filter="url(#grain)"/>
      <rect x="${left + 70}" y="${top}" width="14" height="${bottom - top}" fill="#ffffff" opacity="0.35" filter="url(#blur8)"/>
    </g>
    <ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="#e9f6f8"/>
    <ellipse cx="${cx}" cy="${top + 3}" rx="${rx - 12}" ry="${ry - 8}" fill="url(#coffee)"/>
    <rect width="${width}" height="${height}" fill="url(#vignette)"/>`);
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

async function main() {
  const photo = await sharp(Buffer.from(mugScene(false)))
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  const silhouette = await sharp(Buffer.from(mugScene(true)))
    .greyscale()
    .png({ palette: true, colours: 2 })
    .toBuffer();
  await writeFile(join(here, 'mug.jpg'), photo);
  await writeFile(join(here, 'mug-silhouette.png'), silhouette);
  console.log(`mug.jpg ${photo.length} bytes, mug-silhouette.png ${silhouette.length} bytes`);
}

await main();
