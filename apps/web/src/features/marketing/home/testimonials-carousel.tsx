import { useState } from 'react';
import { useLoopingCarousel } from '../../../components/ui/use-looping-carousel.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { TestimonialCard, testimonials } from './testimonial-card.tsx';

function Arrow({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path
        d={direction === 'next' ? 'M7.5 4.5 13 10l-5.5 5.5' : 'M12.5 4.5 7 10l5.5 5.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Four testimonials, looping; one per view, two from 768 px (CSS). Autoplay every 2000 ms, held
 * while the pointer is over the slides or the arrows or keyboard focus is inside them, stopped by
 * the pause button, and off from the start under prefers-reduced-motion (the button can still
 * start it). Arrows jump instead of sliding under reduced motion.
 */
export function TestimonialsCarousel() {
  const reducedMotion = useReducedMotion();
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const wantsToPlay = choice ? choice === 'play' : !reducedMotion;
  const { viewportRef, api, selected, playing, holdProps } = useLoopingCarousel({ wantsToPlay, reducedMotion });

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label="Customer testimonials">
      <button type="button" className="carousel__toggle" onClick={() => setChoice(wantsToPlay ? 'pause' : 'play')}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          {wantsToPlay ? (
            <path d="M4 2.5h3v11H4zm5 0h3v11H9z" fill="currentColor" />
          ) : (
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          )}
        </svg>
        <span className="carousel__toggle-text">{wantsToPlay ? 'Pause testimonials' : 'Play testimonials'}</span>
      </button>
      <div className="carousel__stage" data-testid="carousel-stage" {...holdProps}>
        <div className="carousel__viewport" ref={viewportRef} aria-live={playing ? 'off' : 'polite'}>
          <div className="carousel__slides">
            {testimonials.map((testimonial, index) => (
              <div
                key={testimonial.name}
                className="carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${testimonials.length}`}
              >
                <TestimonialCard testimonial={testimonial} />
              </div>
            ))}
          </div>
        </div>
        <div className="carousel__controls">
          <div className="carousel__dots">
            {testimonials.map((testimonial, index) => (
              <button
                key={testimonial.name}
                type="button"
                className="carousel__dot"
                aria-label={`Show testimonial ${index + 1}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => api?.scrollTo(index, reducedMotion)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__arrow"
            aria-label="Previous testimonial"
            onClick={() => api?.scrollPrev(reducedMotion)}
          >
            <Arrow direction="previous" />
          </button>
          <button
            type="button"
            className="carousel__arrow"
            aria-label="Next testimonial"
            onClick={() => api?.scrollNext(reducedMotion)}
          >
            <Arrow direction="next" />
          </button>
        </div>
      </div>
    </div>
  );
}
