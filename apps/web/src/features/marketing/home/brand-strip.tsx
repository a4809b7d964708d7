import type { ReactNode } from 'react';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { Ticker, TickerGroup } from '../../../components/ui/ticker.tsx';

/** Fictional customers' wordmarks: a drawn mark and a typeset name, no real trademarks. */
type Brand = { name: string; look: 'caps' | 'bold' | 'light' | 'italic'; mark: ReactNode };

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const rowOne: Brand[] = [
  { name: 'Fernhollow', look: 'bold', mark: <path d="M5 20C5 10 10 4 20 4c0 10-6 15-15 16zM5 20l8-8" {...stroke} /> },
  { name: 'Quillmark', look: 'caps', mark: <path d="M12 2 22 12 12 22 2 12z" fill="currentColor" /> },
  { name: 'Oakbright', look: 'light', mark: <circle cx="12" cy="12" r="8" {...stroke} strokeWidth={3.5} /> },
  { name: 'Velora', look: 'italic', mark: <path d="M3 5h5l4 11 4-11h5L14 20h-4z" fill="currentColor" /> },
  {
    name: 'Tidewell',
    look: 'bold',
    mark: <path d="M2 9c3-3 5-3 8 0s5 3 8 0 3-1 4 0M2 15c3-3 5-3 8 0s5 3 8 0 3-1 4 0" {...stroke} />,
  },
  { name: 'Sablecrest', look: 'caps', mark: <path d="M12 3 21 20H3z" fill="currentColor" /> },
];

const rowTwo: Brand[] = [
  { name: 'Mintara', look: 'light', mark: <path d="M12 2 21 7v10l-9 5-9-5V7z" {...stroke} /> },
  { name: 'Copperleaf', look: 'italic', mark: <path d="M3 14a9 9 0 0 1 18 0z" fill="currentColor" /> },
  { name: 'Brisklane', look: 'bold', mark: <path d="M4 6l6 6-6 6M12 6l6 6-6 6" {...stroke} strokeWidth={2.8} /> },
  {
    name: 'Solvane',
    look: 'caps',
    mark: (
      <path
        d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 1v3M12 20v3M1 12h3M20 12h3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1"
        {...stroke}
      />
    ),
  },
  {
    name: 'Hearthly',
    look: 'light',
    mark: <rect x="4" y="4" width="16" height="16" rx="4" {...stroke} strokeWidth={3} />,
  },
  {
    name: 'Nimbusway',
    look: 'bold',
    mark: <path d="M7 18a5 5 0 0 1-.6-10A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9z" fill="currentColor" />,
  },
];

function Wordmark({ brand }: { brand: Brand }) {
  return (
    <span className={`wordmark wordmark--${brand.look}`}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        {brand.mark}
      </svg>
      {brand.name}
    </span>
  );
}

export function BrandStrip() {
  return (
    <section className="home-section home-section--surface brands" aria-labelledby="brands-title">
      <div className="container">
        <SectionHeading
          align="center"
          id="brands-title"
          eyebrow="Trusted by teams of every size"
          title={
            <>
              We Worked With World's Top <span className="brands__highlight">1,000+ BRANDS</span>
            </>
          }
          lead="From corner bakeries to global retailers, more than 30k happy customers make their pictures with Lumigen."
        />
      </div>
      <TickerGroup label="brand logos" className="brands__rows">
        <Ticker items={rowOne} render={(brand) => <Wordmark brand={brand} />} className="brands__row" copies={4} />
        <Ticker
          items={rowTwo}
          render={(brand) => <Wordmark brand={brand} />}
          className="brands__row"
          copies={4}
          reverse
        />
      </TickerGroup>
    </section>
  );
}
