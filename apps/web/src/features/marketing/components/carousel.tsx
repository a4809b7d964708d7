import '../marketing.css';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { Icon } from './icon.tsx';

/** SPEC.md §9: carousels advance every 2000 ms. */
export const carouselDelayMs = 2000;

/**
 * A looping carousel (Embla) that plays on its own unless the visitor prefers reduced motion, and
 * stops while the pointer is over it, while anything in it has focus, or after Pause is pressed.
 * Slides per view come from CSS (`--slides-per-view`), so breakpoints stay in the stylesheet.
 */
export function Carousel({ label, slides, className }: { label: string; slides: ReactNode[]; className?: string }) {
  const reducedMotion = useReducedMotion();
  const [viewport, api] = useEmblaCarousel({ loop: true, align: 'start', duration: reducedMotion ? 10 : 25 }, [
    Autoplay({ delay: carouselDelayMs, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }),
  ]);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [selected, setSelected] = useState(0);
  const playing = !reducedMotion && !userPaused && !hovered && !focused;

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, playing]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  return (
    <div
      className={['slides', className ?? ''].join(' ').trim()}
      role="region"
      aria-roledescription="slides"
      aria-label={label}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="slides__controls">
        {!reducedMotion && (
          <button type="button" className="slides__button" onClick={() => setUserPaused((value) => !value)} aria-pressed={userPaused}>
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
