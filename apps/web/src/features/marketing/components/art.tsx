import '../marketing.css';
import { useId } from 'react';

/**
 * Vector scenes that stand in for sample output on the marketing pages: drawn, not generated, so
 * they weigh a few hundred bytes, scale to any width and take their colours from the art tokens.
 */
export type Scene = 'dunes' | 'mountains' | 'sea' | 'forest' | 'product' | 'cutout' | 'city';

type Tone = 'night' | 'dusk' | 'rose' | 'sun' | 'sand' | 'clay' | 'sky' | 'sea' | 'leaf' | 'moss' | 'paper' | 'check';
const fill = (tone: Tone, opacity?: number) => ({ fill: `var(--color-art-${tone})`, opacity });
const stop = (tone: Tone) => ({ stopColor: `var(--color-art-${tone})` });

function Sky({ id, from, to }: { id: string; from: Tone; to: Tone }) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={stop(from)} />
          <stop offset="1" style={stop(to)} />
        </linearGradient>
      </defs>
      <rect width="480" height="360" fill={`url(#${id})`} />
    </>
  );
}

function Product({ x = 0, shadow = true }: { x?: number; shadow?: boolean }) {
  return (
    <g transform={`translate(${x} 0)`}>
      {shadow && <ellipse cx="240" cy="292" rx="92" ry="12" style={fill('night', 0.18)} />}
      <path d="M300 170h18a28 28 0 0 1 0 56h-18v-14h16a14 14 0 0 0 0-28h-16z" style={fill('clay')} />
      <path d="M168 140h136v120a30 30 0 0 1-30 30h-76a30 30 0 0 1-30-30z" style={fill('rose')} />
      <path d="M168 140h136v18H168z" style={fill('night', 0.12)} />
      <path
        d="M196 172c0 44 4 86 14 108"
        fill="none"
        style={{ stroke: 'var(--color-art-paper)', strokeOpacity: 0.45 }}
        strokeWidth="8"
        strokeLinecap="round"
      />
    </g>
  );
}

function Body({ scene, uid }: { scene: Scene; uid: string }) {
  switch (scene) {
    case 'dunes':
      return (
        <>
          <Sky id={`${uid}-sky`} from="dusk" to="sun" />
          <circle cx="320" cy="180" r="54" style={fill('paper', 0.9)} />
          <path d="M0 230c80-40 170-46 260-10s160 30 220-6v146H0z" style={fill('clay')} />
          <path d="M0 286c110-46 210-40 300-6s130 20 180 4v76H0z" style={fill('sand')} />
        </>
      );
    case 'mountains':
      return (
        <>
          <Sky id={`${uid}-sky`} from="night" to="dusk" />
          {[40, 120, 200, 300, 380, 430].map((cx, i) => (
            <circle key={cx} cx={cx} cy={30 + ((i * 37) % 80)} r={i % 2 ? 1.6 : 2.4} style={fill('paper', 0.8)} />
          ))}
          <circle cx="360" cy="90" r="30" style={fill('sun')} />
          <path d="M0 260l110-130 80 80 70-100 120 150 100-60v200H0z" style={fill('sea', 0.7)} />
          <path d="M0 300l90-70 90 60 110-90 190 120v80H0z" style={fill('night')} />
        </>
      );
    case 'sea':
      return (
        <>
          <Sky id={`${uid}-sky`} from="sky" to="rose" />
          <circle cx="240" cy="200" r="64" style={fill('sun')} />
          <rect y="200" width="480" height="160" style={fill('sea')} />
          {[220, 244, 268, 296, 326].map((y, i) => (
            <rect
              key={y}
              x={200 - i * 14}
              y={y}
              width={80 + i * 28}
              height="5"
              rx="2.5"
              style={fill('sun', 0.75 - i * 0.12)}
            />
          ))}
        </>
      );
    case 'forest':
      return (
        <>
          <Sky id={`${uid}-sky`} from="paper" to="sky" />
          <circle cx="110" cy="96" r="36" style={fill('sun', 0.85)} />
          {[20, 90, 160, 250, 330, 410].map((x, i) => (
            <path
              key={x}
              d={`M${x} ${300 - (i % 3) * 26}l44-${150 - (i % 2) * 30} 44 ${150 - (i % 2) * 30}z`}
              style={fill(i % 2 ? 'leaf' : 'moss')}
            />
          ))}
          <rect y="290" width="480" height="70" style={fill('moss')} />
          <rect y="250" width="480" height="30" style={fill('paper', 0.35)} />
        </>
      );
    case 'product':
      return (
        <>
          <Sky id={`${uid}-sky`} from="paper" to="sand" />
          <rect y="270" width="480" height="90" style={fill('clay', 0.55)} />
          <path
            d="M220 120c-10-18 10-26 0-44M252 120c-10-18 10-26 0-44"
            fill="none"
            style={{ stroke: 'var(--color-art-clay)', strokeOpacity: 0.5 }}
            strokeWidth="6"
            strokeLinecap="round"
          />
          <Product />
        </>
      );
    case 'cutout': {
      const id = `${uid}-check`;
      return (
        <>
          <defs>
            <pattern id={id} width="32" height="32" patternUnits="userSpaceOnUse">
              <rect width="32" height="32" style={fill('paper')} />
              <rect width="16" height="16" style={fill('check')} />
              <rect x="16" y="16" width="16" height="16" style={fill('check')} />
            </pattern>
          </defs>
          <rect width="480" height="360" fill={`url(#${id})`} />
          <Product shadow={false} />
        </>
      );
    }
    case 'city':
      return (
        <>
          <Sky id={`${uid}-sky`} from="night" to="sea" />
          {[
            [20, 150, 60],
            [90, 110, 50],
            [150, 180, 70],
            [230, 90, 56],
            [296, 140, 64],
            [370, 70, 44],
            [420, 160, 56],
          ].map(([x, top, width]) => (
            <g key={x}>
              <rect x={x} y={top} width={width} height={360 - top!} style={fill('night')} />
              {Array.from({ length: Math.floor((300 - top!) / 28) }, (_, row) => (
                <rect
                  key={row}
                  x={x! + 10}
                  y={top! + 14 + row * 28}
                  width={width! - 20}
                  height="8"
                  rx="2"
                  style={fill('sun', row % 3 ? 0.25 : 0.7)}
                />
              ))}
            </g>
          ))}
        </>
      );
  }
}

/** Without `label` the scene is decorative and hidden from assistive technology. */
export function SceneArt({ scene, label, className }: { scene: Scene; label?: string; className?: string }) {
  const uid = useId().replace(/:/g, '');
  return (
    <svg
      viewBox="0 0 480 360"
      preserveAspectRatio="xMidYMid slice"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      className={['scene-art', className ?? ''].join(' ').trim()}
    >
      <Body scene={scene} uid={uid} />
    </svg>
  );
}
