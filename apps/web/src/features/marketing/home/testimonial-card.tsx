export type Testimonial = { quote: string; name: string; role: string };

/** Four customers (fictional people and businesses). */
export const testimonials: Testimonial[] = [
  {
    quote:
      'I used to spend Sunday afternoons shooting mugs on my kitchen table. Now I remove the background, relight the shot and have a product page ready before my coffee cools.',
    name: 'Maya Ortiz',
    role: 'Founder, Fernhollow Ceramics',
  },
  {
    quote:
      'We publish twelve posts a week. Lumigen gives us on-brand visuals for every one of them, and the variation tool means no two ever look the same.',
    name: 'Daniel Okafor',
    role: 'Social media lead, Brisklane Travel',
  },
  {
    quote:
      'I sketch ideas in words first. Seeing three compositions in a minute helps me pick a direction before I even pick up the pen.',
    name: 'Priya Raman',
    role: 'Freelance illustrator',
  },
  {
    quote:
      'My students describe the landscapes they read about and generate them. A dry chapter became the most talked-about lesson of the term.',
    name: 'Tomás Lindqvist',
    role: 'Geography teacher',
  },
];

/** No stock photos of people who do not exist: their initials stand in for a portrait. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonial">
      <svg
        className="testimonial__stars"
        viewBox="0 0 100 18"
        width="100"
        height="18"
        role="img"
        aria-label="Rated 5 out of 5"
      >
        {[0, 1, 2, 3, 4].map((i) => (
          <path
            key={i}
            transform={`translate(${i * 20} 0)`}
            d="M9 1l2.4 5 5.4.6-4 3.7 1.1 5.4L9 13l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z"
            fill="currentColor"
          />
        ))}
      </svg>
      <blockquote className="testimonial__quote">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="testimonial__author">
        <span className="testimonial__photo" aria-hidden="true">
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="testimonial__name">{testimonial.name}</span>
          <span className="testimonial__role">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
