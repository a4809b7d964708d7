import './carousel.css';
import { useState, type ReactNode } from 'react';
import { useLoopingCarousel } from './use-looping-carousel.ts';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';
import { Icon } from './icon.tsx';

/**
 * A looping carousel (Embla) that plays on its own unless the visitor prefers reduced motion, and
 * stops while the pointer is over it, while anything in it has focus, or after Pause is pressed.
 * Slides per view come from CSS (`--slides-per-view`), so breakpoints stay in the stylesheet.
 */
export function Carousel({ label, slides, className }: { label: string; slides: ReactNode[]; className?: string }) {
  const reducedMotion = useReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const {
    viewportRef: viewport,
    api,
    selected,
    playing,
    holdProps,
  } = useLoopingCarousel({ wantsToPlay: !reducedMotion && !userPaused, reducedMotion });

  return (
    <div
      className={['slides', className ?? ''].join(' ').trim()}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      {...holdProps}
    >
      <div className="slides__controls">
        {!reducedMotion && (
          <button
            type="button"
            className="slides__button"
            onClick={() => setUserPaused((value) => !value)}
            aria-pressed={userPaused}
          >
            <Icon name={userPaused ? 'play' : 'pause'} size={18} />
            <span className="visually-hidden">Pause automatic slides</span>
          </button>
        )}
        <button type="button" className="slides__button" onClick={() => api?.scrollPrev()}>
          <Icon name="chevronLeft" size={18} />
          <span className="visually-hidden">Previous slide</span>
        </button>
        <button type="button" className="slides__button" onClick={() => api?.scrollNext()}>
          <Icon name="chevronRight" size={18} />
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
      <div className="slides__viewport" ref={viewport}>
        {/* Announce slide changes only when the visitor drives them, not on every autoplay tick. */}
        <div className="slides__container" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className="slides__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              data-selected={index === selected || undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
