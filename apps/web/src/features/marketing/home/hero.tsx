import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { heroGallery } from './samples.ts';
import { SampleImage } from './sample-image.tsx';
import { Ticker, TickerGroup } from '../../../components/ui/ticker.tsx';

export type ToolLink = { label: string; to: string };

const stats = [
  { value: '30k+', label: 'Happy customers' },
  { value: '1M+', label: 'Users' },
  { value: '50+', label: 'Templates' },
];

const makes = [
  'Product photos',
  'Social posts',
  'Ad creatives',
  'Book covers',
  'Thumbnails',
  'Posters',
  'Mood boards',
  'Storyboards',
  'Blog headers',
  'Menus',
  'Invitations',
  'Lesson visuals',
];

function Spark() {
  return (
    <svg className="ticker-spark" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path d="M8 0c.6 4.6 2.8 7 8 8-5.2 1-7.4 3.4-8 8-.6-4.6-2.8-7-8-8 5.2-1 7.4-3.4 8-8z" fill="currentColor" />
    </svg>
  );
}

export function Hero({ tools }: { tools: ToolLink[] }) {
  const [lead, ...rest] = heroGallery;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__intro">
        <p className="hero__eyebrow">
          <span className="hero__eyebrow-badge">New</span> 5 free credits when you sign up
        </p>
        <h1 id="hero-title" className="hero__title">
          Images from a sentence. <span className="hero__title-accent">Edits in a click.</span>
        </h1>
        <p className="hero__lead">
          Lumigen turns your prompt into an image in seconds — then removes backgrounds, erases text, relights products
          and upscales to print size, all in your browser.
        </p>
        <div className="hero__actions">
          <ButtonLink to="/generate" size="lg">
            Generate
          </ButtonLink>
          <ButtonLink to="/register" size="lg" variant="on-ink">
            Get Started
          </ButtonLink>
        </div>
        <dl className="hero__stats">
          {stats.map((stat) => (
            <div key={stat.label} className="hero__stat">
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="container">
        <ul className="hero-gallery" aria-label="Images made with Lumigen">
          <li className="hero-gallery__item hero-gallery__item--lead">
            <figure>
              <SampleImage sample={lead!} priority="high" />
              <figcaption className="hero-gallery__prompt">
                <span className="hero-gallery__prompt-label">Prompt</span>
                <span className="hero-gallery__prompt-text">{lead!.prompt}</span>
              </figcaption>
            </figure>
          </li>
          {rest.map((sample, index) => (
            <li key={sample.src} className={`hero-gallery__item hero-gallery__item--${index + 1}`}>
              <SampleImage sample={sample} priority={index < 2 ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
      </div>

      <TickerGroup label="scrolling bands" className="hero-tickers">
        <Ticker
          className="hero-ticker hero-ticker--tools"
          items={tools}
          render={(tool, copy) => (
            <Link to={tool.to} tabIndex={copy ? -1 : undefined} className="hero-ticker__link">
              <Spark />
              {tool.label}
            </Link>
          )}
        />
        <Ticker
          className="hero-ticker hero-ticker--makes"
          reverse
          copies={3}
          items={makes}
          render={(make) => (
            <span className="hero-ticker__text">
              <Spark />
              {make}
            </span>
          )}
        />
      </TickerGroup>
    </section>
  );
}
