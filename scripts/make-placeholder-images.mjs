/**
 * Paints the placeholder pictures listed in apps/web/src/features/home/samples.ts as WebP files
 * under apps/web/public, one flat illustration per prompt, until the project's own generator
 * replaces them from the same prompts. Deterministic: the same manifest gives the same files.
 *
 *   node --import tsx scripts/make-placeholder-images.mjs
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { samples } from '../apps/web/src/features/home/samples.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');

/** A small seeded generator so scattered details (rain, stars, speckles) are stable between runs. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const blur = (id, amount) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${amount}"/></filter>`;
const linear = (id, stops, { x2 = 0, y2 = 1 } = {}) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`).join('')}</linearGradient>`;
const radial = (id, inner, outer) => `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}" stop-opacity="0"/></radialGradient>`;

const art = {
  heroRaincoat: (w, h) => {
    const rnd = random(7);
    const rain = Array.from({ length: 70 }, () => {
      const x = rnd() * w;
      const y = rnd() * h * 0.8;
      return `<line x1="${x}" y1="${y}" x2="${x - 10}" y2="${y + 34}" stroke="#dfe8ff" stroke-opacity="${0.12 + rnd() * 0.2}" stroke-width="1.4"/>`;
    }).join('');
    const bokeh = Array.from({ length: 16 }, (_, i) => {
      const color = i % 3 === 0 ? '#35e0ff' : i % 3 === 1 ? '#ff4fa3' : '#ffb347';
      return `<circle cx="${rnd() * w}" cy="${rnd() * h * 0.55}" r="${10 + rnd() * 26}" fill="${color}" opacity="${0.25 + rnd() * 0.35}" filter="url(#soft)"/>`;
    }).join('');
    return `
      <defs>${linear('sky', ['#0c0a24', '#2a0f4a', '#12204a'])}${linear('street', ['#1a1440', '#07081a'])}${linear('coat', ['#ffe066', '#f2b705'])}${blur('soft', 8)}${blur('glow', 14)}</defs>
      <rect width="${w}" height="${h}" fill="url(#sky)"/>
      <rect x="40" y="170" width="120" height="300" fill="#0a0a1f" opacity="0.75"/>
      <rect x="${w - 190}" y="120" width="160" height="380" fill="#0a0a1f" opacity="0.8"/>
      ${bokeh}
      <rect x="62" y="210" width="76" height="150" rx="14" fill="none" stroke="#ff4fa3" stroke-width="8" filter="url(#glow)"/>
      <rect x="62" y="210" width="76" height="150" rx="14" fill="none" stroke="#ffc2e1" stroke-width="3"/>
      <rect x="${w - 170}" y="160" width="120" height="56" rx="10" fill="none" stroke="#35e0ff" stroke-width="8" filter="url(#glow)"/>
      <rect x="${w - 170}" y="160" width="120" height="56" rx="10" fill="none" stroke="#c8f7ff" stroke-width="3"/>
      <rect y="${h * 0.68}" width="${w}" height="${h * 0.32}" fill="url(#street)"/>
      <rect x="70" y="${h * 0.7}" width="60" height="${h * 0.3}" fill="#ff4fa3" opacity="0.35" filter="url(#glow)"/>
      <rect x="${w - 140}" y="${h * 0.7}" width="70" height="${h * 0.3}" fill="#35e0ff" opacity="0.3" filter="url(#glow)"/>
      <ellipse cx="${w / 2}" cy="${h * 0.93}" rx="150" ry="26" fill="#ffd23f" opacity="0.25" filter="url(#glow)"/>
      <path d="M${w / 2 - 110} ${h * 0.93} C ${w / 2 - 100} ${h * 0.7}, ${w / 2 - 95} ${h * 0.55}, ${w / 2 - 70} ${h * 0.5} L ${w / 2 + 70} ${h * 0.5} C ${w / 2 + 95} ${h * 0.55}, ${w / 2 + 100} ${h * 0.7}, ${w / 2 + 110} ${h * 0.93} Z" fill="url(#coat)"/>
      <path d="M${w / 2} ${h * 0.52} L ${w / 2} ${h * 0.92}" stroke="#c98f00" stroke-width="4"/>
      <circle cx="${w / 2}" cy="${h * 0.43}" r="62" fill="url(#coat)"/>
      <circle cx="${w / 2}" cy="${h * 0.445}" r="44" fill="#e0a27c"/>
      <path d="M${w / 2 - 46} ${h * 0.43} Q ${w / 2} ${h * 0.36} ${w / 2 + 46} ${h * 0.43} Q ${w / 2 + 30} ${h * 0.395} ${w / 2} ${h * 0.4} Q ${w / 2 - 30} ${h * 0.395} ${w / 2 - 46} ${h * 0.43} Z" fill="#2b1a14"/>
      <circle cx="${w / 2 - 42}" cy="${h * 0.44}" r="16" fill="#ff4fa3" opacity="0.35" filter="url(#soft)"/>
      <circle cx="${w / 2 + 42}" cy="${h * 0.44}" r="16" fill="#35e0ff" opacity="0.35" filter="url(#soft)"/>
      ${rain}`;
  },

  heroMug: (w, h) => {
    const rnd = random(11);
    const cx = w * 0.5;
    const top = h * 0.36;
    const bottom = h * 0.74;
    const r = 118;
    const speckles = Array.from({ length: 90 }, () => `<circle cx="${cx - r + 10 + rnd() * (2 * r - 20)}" cy="${top + 14 + rnd() * (bottom - top - 24)}" r="${0.8 + rnd() * 2}" fill="#6f655a" opacity="${0.35 + rnd() * 0.4}"/>`).join('');
    const grain = Array.from({ length: 9 }, (_, i) => `<path d="M0 ${h * 0.76 + i * 18} Q ${w / 2} ${h * 0.76 + i * 18 + (i % 2 ? 8 : -8)} ${w} ${h * 0.76 + i * 18}" stroke="#3f2414" stroke-opacity="0.35" fill="none" stroke-width="2"/>`).join('');
    return `
      <defs>${linear('wall', ['#f7ecdd', '#e7cfb0'])}${linear('table', ['#7a4a2a', '#4a2a17'])}${linear('mug', ['#fbf7f1', '#ddd3c6'], { x2: 1, y2: 0 })}${blur('soft', 18)}${blur('shadow', 12)}</defs>
      <rect width="${w}" height="${h}" fill="url(#wall)"/>
      <polygon points="${w * 0.55},0 ${w},0 ${w},${h * 0.5} ${w * 0.2},${h * 0.75}" fill="#fffaf0" opacity="0.55" filter="url(#soft)"/>
      <rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="url(#table)"/>
      ${grain}
      <ellipse cx="${cx + 40}" cy="${bottom + 6}" rx="${r + 40}" ry="22" fill="#1f1109" opacity="0.45" filter="url(#shadow)"/>
      <path d="M${cx + r - 8} ${top + 50} C ${cx + r + 80} ${top + 40}, ${cx + r + 80} ${top + 160}, ${cx + r - 8} ${top + 150}" fill="none" stroke="#e4dbcf" stroke-width="26" stroke-linecap="round"/>
      <path d="M${cx - r} ${top} L ${cx - r} ${bottom - 20} Q ${cx - r} ${bottom} ${cx - r + 20} ${bottom} L ${cx + r - 20} ${bottom} Q ${cx + r} ${bottom} ${cx + r} ${bottom - 20} L ${cx + r} ${top} Z" fill="url(#mug)"/>
      ${speckles}
      <ellipse cx="${cx}" cy="${top}" rx="${r}" ry="26" fill="#e9e1d6"/>
      <ellipse cx="${cx}" cy="${top + 3}" rx="${r - 12}" ry="19" fill="#3b2416"/>
      <ellipse cx="${cx - 30}" cy="${top}" rx="30" ry="6" fill="#7a5138" opacity="0.7"/>
      <path d="M${cx - 20} ${top - 30} q 18 -30 0 -60 q -18 -30 0 -60" stroke="#ffffff" stroke-opacity="0.5" stroke-width="8" fill="none" filter="url(#shadow)"/>`;
  },

  heroFox: (w, h) => {
    const trunks = [0.08, 0.26, 0.7, 0.88, 0.5]
      .map((x, i) => {
        const width = i === 4 ? 14 : 26 - i * 2;
        const marks = Array.from({ length: 7 }, (_, j) => `<rect x="${w * x + (j % 2 ? 2 : width / 3)}" y="${40 + j * 62 + i * 9}" width="${width / 2}" height="5" rx="2" fill="#2e2a2a" opacity="0.8"/>`).join('');
        return `<g opacity="${i === 4 ? 0.45 : 1}"><rect x="${w * x}" y="0" width="${width}" height="${h * 0.78}" fill="#f7f3ec"/>${marks}</g>`;
      })
      .join('');
    return `
      <defs>${linear('sky', ['#ffd7c2', '#f5d6e6', '#cfe0f5'])}${linear('snow', ['#ffffff', '#dfe7f5'])}${linear('fur', ['#f08a3c', '#c9541c'])}${blur('wash', 3)}${blur('soft', 16)}</defs>
      <rect width="${w}" height="${h}" fill="url(#sky)"/>
      <circle cx="${w * 0.62}" cy="${h * 0.28}" r="70" fill="#fff3d6" opacity="0.9" filter="url(#soft)"/>
      ${trunks}
      <path d="M0 ${h * 0.68} Q ${w * 0.3} ${h * 0.6} ${w * 0.6} ${h * 0.7} T ${w} ${h * 0.66} L ${w} ${h} L 0 ${h} Z" fill="url(#snow)"/>
      <g filter="url(#wash)">
        <ellipse cx="${w * 0.48}" cy="${h * 0.8}" rx="150" ry="28" fill="#c7d3ea" opacity="0.8"/>
        <path d="M${w * 0.62} ${h * 0.8} C ${w * 0.8} ${h * 0.78}, ${w * 0.78} ${h * 0.62}, ${w * 0.6} ${h * 0.66}" stroke="url(#fur)" stroke-width="56" stroke-linecap="round" fill="none"/>
        <circle cx="${w * 0.6}" cy="${h * 0.665}" r="24" fill="#fffaf2"/>
        <ellipse cx="${w * 0.47}" cy="${h * 0.74}" rx="118" ry="64" fill="url(#fur)"/>
        <circle cx="${w * 0.36}" cy="${h * 0.73}" r="46" fill="#e97a31"/>
        <polygon points="${w * 0.32},${h * 0.67} ${w * 0.3},${h * 0.6} ${w * 0.36},${h * 0.655}" fill="#c24f1a"/>
        <polygon points="${w * 0.39},${h * 0.665} ${w * 0.41},${h * 0.6} ${w * 0.43},${h * 0.68}" fill="#c24f1a"/>
        <ellipse cx="${w * 0.33}" cy="${h * 0.765}" rx="26" ry="14" fill="#fff6ea"/>
        <path d="M${w * 0.345} ${h * 0.725} q 10 6 20 0" stroke="#3a2418" stroke-width="4" fill="none" stroke-linecap="round"/>
        <circle cx="${w * 0.305}" cy="${h * 0.768}" r="5" fill="#2a1a12"/>
      </g>`;
  },

  heroSneaker: (w, h) => `
      <defs>${linear('bg', ['#ffe1ea', '#f6b6c8'])}${radial('spot', '#fff4f7', '#ffe1ea')}${linear('sole', ['#ffffff', '#e5e3ee'])}${blur('shadow', 12)}</defs>
      <rect width="${w}" height="${h}" fill="url(#bg)"/>
      <circle cx="${w / 2}" cy="${h * 0.45}" r="${h * 0.42}" fill="url(#spot)"/>
      <ellipse cx="${w / 2}" cy="${h * 0.86}" rx="170" ry="16" fill="#b0627a" opacity="0.45" filter="url(#shadow)"/>
      <g transform="rotate(-9 ${w / 2} ${h / 2})">
        <path d="M150 300 C 150 250, 190 230, 240 226 C 280 222, 300 190, 340 180 C 370 172, 400 180, 420 200 C 450 228, 490 240, 500 270 L 502 300 Z" fill="#fbfbfd"/>
        <path d="M340 180 C 370 172, 400 180, 420 200 L 360 232 C 340 220, 330 200, 340 180 Z" fill="#ece9f6"/>
        <path d="M230 262 C 290 250, 380 250, 470 268" stroke="#8b7bff" stroke-width="10" fill="none" stroke-linecap="round"/>
        ${[0, 1, 2, 3].map((i) => `<line x1="${300 + i * 18}" y1="${214 + i * 4}" x2="${322 + i * 18}" y2="${206 + i * 4}" stroke="#c9c4da" stroke-width="5" stroke-linecap="round"/>`).join('')}
        <rect x="140" y="296" width="370" height="30" rx="15" fill="url(#sole)"/>
        <rect x="150" y="318" width="350" height="8" rx="4" fill="#d4cfe0"/>
      </g>`,

  heroCabin: (w, h) => {
    const rnd = random(3);
    const stars = Array.from({ length: 40 }, () => `<circle cx="${rnd() * w}" cy="${rnd() * h * 0.35}" r="${0.6 + rnd() * 1.3}" fill="#eef2ff" opacity="${0.4 + rnd() * 0.6}"/>`).join('');
    return `
      <defs>${linear('sky', ['#0d1a40', '#2f4585', '#9aaad6'])}${linear('water', ['#1a2b5c', '#0b1433'])}${blur('mist', 14)}${blur('glow', 10)}</defs>
      <rect width="${w}" height="${h}" fill="url(#sky)"/>
      ${stars}
      <polygon points="0,${h * 0.62} ${w * 0.18},${h * 0.34} ${w * 0.32},${h * 0.5} ${w * 0.5},${h * 0.28} ${w * 0.7},${h * 0.55} ${w},${h * 0.4} ${w},${h * 0.64} 0,${h * 0.64}" fill="#24336b"/>
      <polygon points="${w * 0.5},${h * 0.28} ${w * 0.46},${h * 0.34} ${w * 0.5},${h * 0.33} ${w * 0.54},${h * 0.35}" fill="#dfe6ff" opacity="0.8"/>
      <polygon points="0,${h * 0.66} ${w * 0.25},${h * 0.48} ${w * 0.45},${h * 0.64} 0,${h * 0.7}" fill="#18244f"/>
      <rect y="${h * 0.64}" width="${w}" height="${h * 0.36}" fill="url(#water)"/>
      <ellipse cx="${w * 0.35}" cy="${h * 0.64}" rx="${w * 0.4}" ry="22" fill="#dce4ff" opacity="0.35" filter="url(#mist)"/>
      <polygon points="${w * 0.55},${h} ${w * 0.6},${h * 0.6} ${w * 0.72},${h * 0.52} ${w},${h * 0.5} ${w},${h}" fill="#0a1129"/>
      <rect x="${w * 0.68}" y="${h * 0.4}" width="120" height="58" fill="#ffc46b" opacity="0.5" filter="url(#glow)"/>
      <rect x="${w * 0.68}" y="${h * 0.4}" width="120" height="58" fill="#ffd58f"/>
      ${[1, 2, 3].map((i) => `<line x1="${w * 0.68 + i * 30}" y1="${h * 0.4}" x2="${w * 0.68 + i * 30}" y2="${h * 0.4 + 58}" stroke="#3a2a1a" stroke-width="3"/>`).join('')}
      <rect x="${w * 0.68 - 6}" y="${h * 0.4 - 8}" width="132" height="9" fill="#141c38"/>
      <rect x="${w * 0.66}" y="${h * 0.78}" width="70" height="${h * 0.2}" fill="#ffc46b" opacity="0.25" filter="url(#glow)"/>`;
  },

  welcomeStudio: (w, h) => `
      <defs>${linear('wall', ['#f6e9da', '#eed6bd'])}${linear('desk', ['#d39a63', '#a86f3d'])}${linear('screen', ['#5b45f5', '#ff7a9a', '#ffc46b'], { x2: 1, y2: 1 })}${blur('soft', 20)}${blur('shadow', 8)}</defs>
      <rect width="${w}" height="${h}" fill="url(#wall)"/>
      <polygon points="${w * 0.05},0 ${w * 0.4},0 ${w * 0.62},${h * 0.7} ${w * 0.25},${h * 0.7}" fill="#fffaf0" opacity="0.6" filter="url(#soft)"/>
      <rect y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="url(#desk)"/>
      <ellipse cx="${w * 0.47}" cy="${h * 0.72}" rx="230" ry="14" fill="#6b4322" opacity="0.4" filter="url(#shadow)"/>
      <rect x="${w * 0.25}" y="${h * 0.24}" width="${w * 0.44}" height="${h * 0.44}" rx="14" fill="#1f2230"/>
      <rect x="${w * 0.265}" y="${h * 0.26}" width="${w * 0.41}" height="${h * 0.4}" rx="6" fill="url(#screen)"/>
      <circle cx="${w * 0.4}" cy="${h * 0.42}" r="52" fill="#fff1c9" opacity="0.9"/>
      <path d="M${w * 0.265} ${h * 0.6} Q ${w * 0.4} ${h * 0.48} ${w * 0.52} ${h * 0.56} T ${w * 0.675} ${h * 0.5} L ${w * 0.675} ${h * 0.66} L ${w * 0.265} ${h * 0.66} Z" fill="#2b1b5c" opacity="0.7"/>
      <path d="M${w * 0.2} ${h * 0.7} L ${w * 0.74} ${h * 0.7} L ${w * 0.77} ${h * 0.735} L ${w * 0.17} ${h * 0.735} Z" fill="#c9ccd8"/>
      <g transform="rotate(-8 ${w * 0.86} ${h * 0.8})"><rect x="${w * 0.78}" y="${h * 0.74}" width="150" height="110" fill="#ffffff"/>${[0, 1, 2, 3].map((i) => `<line x1="${w * 0.79}" y1="${h * 0.77 + i * 18}" x2="${w * 0.79 + 110 - i * 14}" y2="${h * 0.77 + i * 18}" stroke="#9aa0b5" stroke-width="4"/>`).join('')}</g>
      <g transform="rotate(6 ${w * 0.12} ${h * 0.84})"><rect x="${w * 0.04}" y="${h * 0.76}" width="130" height="95" fill="#fffdf7"/><circle cx="${w * 0.04 + 60}" cy="${h * 0.76 + 46}" r="26" fill="none" stroke="#5b45f5" stroke-width="4"/></g>
      <path d="M${w * 0.83} ${h * 0.7} L ${w * 0.81} ${h * 0.55} L ${w * 0.93} ${h * 0.55} L ${w * 0.91} ${h * 0.7} Z" fill="#c8643c"/>
      ${[
        [-40, -70, -30],
        [0, -95, 0],
        [40, -72, 30],
        [-20, -50, -55],
        [22, -48, 55],
      ]
        .map(([dx, dy, rot]) => `<ellipse cx="${w * 0.87 + dx}" cy="${h * 0.55 + dy}" rx="18" ry="52" fill="#3f8f4f" transform="rotate(${rot} ${w * 0.87 + dx} ${h * 0.55 + dy})"/>`)
        .join('')}`,

  welcomeRamen: (w, h) => {
    const cx = w / 2;
    const cy = h / 2 + 10;
    const noodles = Array.from({ length: 9 }, (_, i) => `<path d="M${cx - 150} ${cy - 60 + i * 16} q 30 -14 60 0 t 60 0 t 60 0 t 60 0" stroke="#f6dc9f" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.95"/>`).join('');
    const onions = Array.from({ length: 14 }, (_, i) => `<circle cx="${cx + 30 + ((i * 37) % 110)}" cy="${cy - 90 + ((i * 53) % 90)}" r="8" fill="#7cc353" stroke="#4f8f2f" stroke-width="3"/>`).join('');
    return `
      <defs>${linear('slate', ['#2a2f37', '#16191e'], { x2: 1, y2: 1 })}${radial('broth', '#e8ad5c', '#b86b2a')}${blur('steam', 10)}${blur('shadow', 16)}</defs>
      <rect width="${w}" height="${h}" fill="url(#slate)"/>
      <circle cx="${cx + 14}" cy="${cy + 18}" r="226" fill="#000000" opacity="0.45" filter="url(#shadow)"/>
      <circle cx="${cx}" cy="${cy}" r="224" fill="#f1ece4"/>
      <circle cx="${cx}" cy="${cy}" r="196" fill="#b86b2a"/>
      <circle cx="${cx}" cy="${cy}" r="192" fill="url(#broth)"/>
      <clipPath id="bowl"><circle cx="${cx}" cy="${cy}" r="190"/></clipPath>
      <g clip-path="url(#bowl)">${noodles}</g>
      <rect x="${cx - 170}" y="${cy - 150}" width="70" height="120" rx="6" fill="#1d2a22" transform="rotate(-18 ${cx - 135} ${cy - 90})"/>
      ${[0, 1].map((i) => `<ellipse cx="${cx - 60 + i * 78}" cy="${cy + 90}" rx="40" ry="32" fill="#fbf8f1"/><circle cx="${cx - 60 + i * 78}" cy="${cy + 92}" r="19" fill="#f4a21c"/>`).join('')}
      ${onions}
      <rect x="${cx + 40}" y="${cy + 30}" width="110" height="50" rx="8" fill="#e9b7a3" transform="rotate(12 ${cx + 95} ${cy + 55})"/>
      <rect x="${cx + 120}" y="${-20}" width="14" height="340" rx="6" fill="#c28b58" transform="rotate(28 ${cx + 127} 150)"/>
      <rect x="${cx + 150}" y="${-20}" width="14" height="340" rx="6" fill="#b07a4a" transform="rotate(32 ${cx + 157} 150)"/>
      <path d="M${cx - 40} ${cy - 120} q 30 -40 0 -80 q -30 -40 0 -80" stroke="#ffffff" stroke-opacity="0.35" stroke-width="14" fill="none" filter="url(#steam)"/>`;
  },
};

/** Avatars share one drawing with their own colours and hair. */
const people = {
  avatarMaya: { bg: ['#ffe4d1', '#f6c3a8'], skin: '#c98b67', shirt: '#c4552f', hair: '#2a1b14', style: 'curly' },
  avatarDaniel: { bg: ['#dbe7ff', '#b9ccf2'], skin: '#7a4a2e', shirt: '#22345e', hair: '#141012', style: 'short' },
  avatarPriya: { bg: ['#efe2ff', '#d6c4fb'], skin: '#b07a55', shirt: '#3f8f7a', hair: '#17110f', style: 'long', glasses: true },
  avatarTomas: { bg: ['#e2f1e4', '#bfdcc5'], skin: '#e3b396', shirt: '#3b7a4a', hair: '#7a5a3a', style: 'beard' },
};

function avatar(w, h, p) {
  const cx = w / 2;
  const hair = {
    curly: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<circle cx="${cx + Math.cos((i / 7) * Math.PI + Math.PI) * 34}" cy="${62 + Math.sin((i / 7) * Math.PI + Math.PI) * 30}" r="16" fill="${p.hair}"/>`).join(''),
    short: `<path d="M${cx - 32} 60 Q ${cx} 18 ${cx + 32} 60 Q ${cx + 20} 44 ${cx} 44 Q ${cx - 20} 44 ${cx - 32} 60 Z" fill="${p.hair}"/>`,
    long: `<path d="M${cx - 36} 120 L ${cx - 38} 62 Q ${cx} 14 ${cx + 38} 62 L ${cx + 36} 120 Z" fill="${p.hair}"/>`,
    beard: `<path d="M${cx - 31} 58 Q ${cx} 26 ${cx + 31} 58 Q ${cx} 46 ${cx - 31} 58 Z" fill="${p.hair}"/>`,
  }[p.style];
  const front =
    p.style === 'beard'
      ? `<path d="M${cx - 28} 74 Q ${cx - 26} 110 ${cx} 112 Q ${cx + 26} 110 ${cx + 28} 74 Q ${cx + 16} 96 ${cx} 96 Q ${cx - 16} 96 ${cx - 28} 74 Z" fill="${p.hair}"/>`
      : p.style === 'long'
        ? ''
        : '';
  const glasses = p.glasses
    ? `<circle cx="${cx - 13}" cy="74" r="10" fill="none" stroke="#1c1c24" stroke-width="3"/><circle cx="${cx + 13}" cy="74" r="10" fill="none" stroke="#1c1c24" stroke-width="3"/><line x1="${cx - 3}" y1="74" x2="${cx + 3}" y2="74" stroke="#1c1c24" stroke-width="3"/>`
    : '';
  return `
    <defs>${linear('bg', p.bg, { x2: 1, y2: 1 })}</defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    ${p.style === 'long' ? hair : ''}
    <path d="M${cx - 62} ${h} Q ${cx - 58} 118 ${cx} 114 Q ${cx + 58} 118 ${cx + 62} ${h} Z" fill="${p.shirt}"/>
    <rect x="${cx - 12}" y="96" width="24" height="24" fill="${p.skin}"/>
    <ellipse cx="${cx}" cy="76" rx="31" ry="36" fill="${p.skin}"/>
    ${p.style === 'long' ? `<path d="M${cx - 32} 66 Q ${cx} 30 ${cx + 32} 66 Q ${cx + 10} 48 ${cx - 32} 66 Z" fill="${p.hair}"/>` : hair}
    ${front}
    ${glasses}
    <path d="M${cx - 9} 94 Q ${cx} 100 ${cx + 9} 94" stroke="#5a2f22" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
}

async function main() {
  for (const [id, sample] of Object.entries(samples)) {
    const { width: w, height: h } = sample;
    const body = art[id] ? art[id](w, h) : people[id] ? avatar(w, h, people[id]) : undefined;
    if (!body) throw new Error(`No placeholder drawing for ${id}; add one to scripts/make-placeholder-images.mjs`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
    const file = path.join(publicDir, sample.src);
    await mkdir(path.dirname(file), { recursive: true });
    const info = await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 6 }).toFile(file);
    console.log(`${sample.src}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} kB`);
  }
}

await main();
