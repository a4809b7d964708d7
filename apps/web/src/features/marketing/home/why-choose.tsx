import { SectionHeading } from '../../../components/ui/section-heading.tsx';

const reasons = [
  {
    title: 'For Everyone',
    text: 'No design degree needed. Write what you want in plain words and Lumigen takes care of light, composition and detail.',
    icon: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />,
  },
  {
    title: 'All-in-One',
    text: 'Generate, cut out, clean up, relight, extend and upscale in one place, paid from one balance of credits.',
    icon: <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />,
  },
  {
    title: 'Fast & Easy',
    text: 'Most images are ready in seconds. Upload, click, download — every tool fits on one screen, on desktop or phone.',
    icon: <path d="M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z" />,
  },
  {
    title: 'High Quality',
    text: 'HD generation and upscaling to 4096 pixels give you pictures sharp enough for print, product pages and retina screens.',
    icon: <path d="M12 2l3 6.3 6.9.9-5 4.8 1.2 6.9L12 17.6 5.9 20.9 7.1 14l-5-4.8 6.9-.9z" />,
  },
];

export function WhyChoose() {
  return (
    <section className="home-section home-section--bg why-choose" aria-labelledby="why-title">
      <div className="container">
        <SectionHeading
          align="center"
          id="why-title"
          eyebrow="Why Lumigen"
          title="Why Choose Lumigen"
          lead="The tools professionals rely on, made simple enough for a first try."
        />
        <ul className="why-choose__grid">
          {reasons.map((reason) => (
            <li key={reason.title} className="why-card">
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
                    {reason.icon}
                  </svg>
                </span>
                <h3 className="why-card__title">{reason.title}</h3>
              </div>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
