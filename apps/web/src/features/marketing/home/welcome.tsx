import { ButtonLink } from '../../../components/ui/button.tsx';
import { samples } from './samples.ts';
import { SampleImage } from './sample-image.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';

const points = [
  {
    title: 'Instant Creations',
    text: 'Type what you imagine and get a finished image in seconds — no design software, no hunting through stock photos.',
    icon: <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />,
  },
  {
    title: 'Limitless Possibilities',
    text: 'Product shots, watercolour illustrations, posters and portraits: any subject, any style, in standard or HD.',
    icon: <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4" />,
  },
  {
    title: 'Made for Everyone',
    text: 'Shop owners, marketers, teachers and students use the same simple screens. If you can describe it, you can make it.',
    icon: (
      <path d="M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM20 20v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.15a3.5 3.5 0 0 1 0 6.7" />
    ),
  },
];

export function Welcome() {
  return (
    <section className="home-section home-section--bg welcome" aria-labelledby="welcome-title">
      <div className="container home-grid">
        <div className="welcome__media">
          <SampleImage sample={samples.welcomeShapes} className="welcome__image" />
          <SampleImage sample={samples.welcomeValley} className="welcome__image welcome__image--inset" />
        </div>
        <div className="welcome__copy">
          <SectionHeading
            id="welcome-title"
            align="start"
            eyebrow="Welcome to Lumigen"
            title="One studio for every image you need"
            lead="Lumigen brings AI generation and AI editing together, so an idea becomes a finished, ready-to-post picture without leaving the page."
          />
          <ul className="welcome__points">
            {points.map((point) => (
              <li key={point.title} className="welcome__point">
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
                    {point.icon}
                  </svg>
                </span>
                <div>
                  <h3 className="welcome__point-title">{point.title}</h3>
                  <p>{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <ButtonLink to="/featured" variant="secondary">
            Explore the features
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
