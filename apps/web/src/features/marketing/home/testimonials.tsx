import { lazy } from 'react';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { TestimonialCard, testimonials } from './testimonial-card.tsx';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import './testimonials.css';

// The carousel library loads only when the visitor scrolls near it (docs/architecture.md §5 budget).
const TestimonialsCarousel = lazy(async () => ({
  default: (await import('./testimonials-carousel.tsx')).TestimonialsCarousel,
}));

/** Until the carousel loads, the first slides stand in its place at the same size. */
function StaticTestimonials() {
  return (
    <div className="carousel">
      <div className="carousel__viewport">
        <div className="carousel__slides">
          {testimonials.map((testimonial) => (
            <div key={testimonial.name} className="carousel__slide">
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls" />
    </div>
  );
}

export function Testimonials() {
  return (
    <section className="home-section home-section--surface testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading
          align="center"
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by 30k+ happy customers"
          lead="Shop owners, marketers, illustrators and teachers on what changed once they started making images with Lumigen."
        />
        <WhenNear fallback={<StaticTestimonials />}>
          <TestimonialsCarousel />
        </WhenNear>
      </div>
    </section>
  );
}
