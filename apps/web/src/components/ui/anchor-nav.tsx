import './anchor-nav.css';
import { useEffect, useRef, useState } from 'react';

export type Anchor = { id: string; label: string };

/** The id of the section nearest the top of the viewport, watched with IntersectionObserver. */
function useCurrentSection(ids: string[]): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(ids[0]);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const first = ids.find((id) => visible.get(id));
        if (first) setCurrent(first);
      },
      // A band across the upper part of the screen, below the fixed header.
      { rootMargin: '-20% 0px -55% 0px' },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);
  return current;
}

/** In-page links to a page's sections, the current one marked for sight and for screen readers. */
export function AnchorNav({ anchors, label }: { anchors: Anchor[]; label: string }) {
  const [ids] = useState(() => anchors.map((anchor) => anchor.id));
  const current = useCurrentSection(ids);
  const list = useRef<HTMLUListElement>(null);

  // On small screens the links form one scrolling row: keep the current one in sight.
  useEffect(() => {
    const row = list.current;
    if (!row || row.scrollWidth <= row.clientWidth) return;
    const link = row.querySelector<HTMLElement>('[aria-current="true"]');
    if (link)
      row.scrollTo({
        left: link.offsetLeft - row.offsetLeft - 16,
        behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
      });
  }, [current]);

  return (
    <nav className="anchor-layout__nav" aria-labelledby="anchor-nav-title">
      <p id="anchor-nav-title" className="anchor-nav__title">
        {label}
      </p>
      <ul className="anchor-nav__list" ref={list}>
        {anchors.map((anchor) => (
          <li key={anchor.id}>
            <a
              className="anchor-nav__link"
              href={`#${anchor.id}`}
              aria-current={anchor.id === current ? 'true' : undefined}
            >
              {anchor.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
