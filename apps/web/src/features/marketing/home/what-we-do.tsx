import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import type { ToolLink } from './hero.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';

/** What each tool does, keyed by its route (the labels and routes come from the menu). */
const details: Record<string, { text: string; icon: ReactNode }> = {
  '/generate': {
    text: 'Describe a scene and get an original image in square, portrait or landscape format, in standard or HD quality.',
    icon: (
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    ),
  },
  '/upscale': {
    text: 'Enlarge small pictures up to 4096 pixels per side while keeping edges crisp and textures natural.',
    icon: <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />,
  },
  '/cleanup': {
    text: 'Brush over people, stains or clutter and watch them disappear into a seamless background.',
    icon: <path d="M18 3l3 3-9.5 9.5-4 1 1-4zM4 21c2 0 3-1 3-3" />,
  },
  '/editimage': {
    text: 'Relight a product photo with studio-style light and shadow, without booking a studio.',
    icon: (
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
    ),
  },
  '/variant': {
    text: 'Upload one image and get fresh takes on it that keep its subject, mood and palette.',
    icon: (
      <path d="M8 3H4a1 1 0 0 0-1 1v4M3 16v4a1 1 0 0 0 1 1h4M16 21h4a1 1 0 0 0 1-1v-4M21 8V4a1 1 0 0 0-1-1h-4M8 12h8M12 8v8" />
    ),
  },
  '/removebg': {
    text: 'Cut out people, pets and products in one click and download a clean transparent PNG.',
    icon: <path d="M6 3h4M14 3h4M3 6v4M3 14v4M21 6v4M21 14v4M6 21h4M14 21h4M9 15l3-6 3 6" />,
  },
  '/removetxt': {
    text: 'Erase captions, labels and stray text from photos and screenshots, leaving the picture behind intact.',
    icon: <path d="M4 6h16M9 6v12M15 12h6M4 20L20 4" />,
  },
  '/addbg': {
    text: 'Keep your subject and paint a new scene behind it — a marble counter, a beach at sunset — from a few words.',
    icon: <path d="M3 17l5-5 4 4 3-3 6 6M3 5h18v14H3zM15.5 8.5a1 1 0 1 0 0 .01" />,
  },
  '/uncrop': {
    text: 'Extend a photo beyond its edges to fit a banner, a story or a print format, with the new parts blended in.',
    icon: <path d="M6 2v14a2 2 0 0 0 2 2h14M2 6h14a2 2 0 0 1 2 2v14" />,
  },
};

function anchor(to: string) {
  return `tool-${to.slice(1)}`;
}

export function WhatWeDo({ tools }: { tools: ToolLink[] }) {
  return (
    <section className="home-section home-section--bg what-we-do" aria-labelledby="what-we-do-title" id="what-we-do">
      <div className="container home-grid">
        <div className="what-we-do__aside">
          <SectionHeading
            id="what-we-do-title"
            align="start"
            eyebrow="Ten AI tools, one balance"
            title="What We Do"
            lead={`Create an image, clean it up, put it somewhere new and make it big enough for print. Every action shows its price in credits before you start, and a free preview costs nothing.`}
          />
          <nav className="what-we-do__menu" aria-label="Tool overview">
            <ul>
              {tools.map((tool) => (
                <li key={tool.to}>
                  <a href={`#${anchor(tool.to)}`}>{tool.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <ul className="what-we-do__tools">
          {tools.map((tool) => {
            const detail = details[tool.to];
            return (
              <li key={tool.to} id={anchor(tool.to)} className="tool-card">
                <div className="card-head">
                  <span className="icon-badge" aria-hidden="true">
                    <svg
                      viewBox="0 0 24 24"
                      width="22"
                      height="22"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      {detail?.icon}
                    </svg>
                  </span>
                  <h3 className="tool-card__title">{tool.label}</h3>
                </div>
                {detail && <p className="tool-card__text">{detail.text}</p>}
                <ButtonLink to={tool.to} variant="secondary" className="tool-card__action">
                  Open {tool.label}
                </ButtonLink>
              </li>
            );
          })}
          <li className="tool-card tool-card--cta">
            <h3 className="tool-card__title">Try all nine for free</h3>
            <p className="tool-card__text">
              Sign up and get 5 free credits — enough for five images or edits. No card needed.
            </p>
            <ButtonLink to="/register" className="tool-card__action">
              Create a free account
            </ButtonLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
