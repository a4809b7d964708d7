import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { AnchorNav, type Anchor } from '../../../components/ui/anchor-nav.tsx';
import { SceneArt } from '../components/art.tsx';
import { FeatureCard } from '../components/feature-card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import './featured.css';
import { useScrollToHash } from '../../../components/ui/use-scroll-to-hash.ts';
import { featureSections, samples, whyLumigen, type FeatureSection } from './featured-content.ts';

const anchors: Anchor[] = [
  ...featureSections.map((section) => ({ id: section.id, label: section.nav })),
  { id: 'why-lumigen', label: 'Why Lumigen' },
  { id: 'samples', label: 'Samples' },
];

function SectionArt({ art }: { art: FeatureSection['art'] }) {
  if (art.treatment === 'before-after') {
    return (
      <figure className="art-frame art-frame--compare">
        <SceneArt scene={art.scene} label={art.label} />
        <span className="art-frame__before" aria-hidden="true">
          Before
        </span>
        <span className="art-frame__after" aria-hidden="true">
          After
        </span>
      </figure>
    );
  }
  if (art.treatment === 'variants') {
    return (
      <figure className="art-frame art-frame--variants" role="img" aria-label={art.label}>
        {[0, 1, 2, 3].map((variant) => (
          <span key={variant} className={`art-variant art-variant--${variant}`}>
            <SceneArt scene={art.scene} />
          </span>
        ))}
      </figure>
    );
  }
  return (
    <figure className="art-frame">
      <SceneArt scene={art.scene} label={art.label} />
    </figure>
  );
}

function Feature({ section }: { section: FeatureSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="feature-block">
      <div className="split">
        <div className="feature-block__text">
          <SectionHeading
            id={`${section.id}-title`}
            eyebrow={section.eyebrow}
            title={section.title}
            lead={section.lead}
          />
          <ul className="check-list">
            {section.points.map((point) => (
              <li key={point}>
                <Icon name="check" size={18} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <SectionArt art={section.art} />
      </div>
      <ul className="tool-links">
        {section.tools.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to} className="tool-link">
              <span className="icon-badge">
                <Icon name={tool.icon} />
              </span>
              <span>
                <span className="tool-link__label">{tool.label}</span>
                <span className="tool-link__text">{tool.text}</span>
              </span>
              <Icon name="arrow" size={18} className="tool-link__arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FeaturedPage() {
  useScrollToHash();
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything Lumigen does"
        documentTitle="Features"
        lead="One studio for making images from words and for fixing the ones you already have: generation, editing, backgrounds and variations, all paid with the same prepaid credits."
      />
      <div className="section container anchor-layout anchor-layout--slim">
        <AnchorNav anchors={anchors} label="On this page" />
        <div className="anchor-layout__body">
          {featureSections.map((section) => (
            <Feature key={section.id} section={section} />
          ))}

          <section id="why-lumigen" aria-labelledby="why-lumigen-title">
            <SectionHeading
              id="why-lumigen-title"
              eyebrow="Why Lumigen"
              title="Made to be simple to pay for and safe to use"
              lead="No seats, no monthly bill, no surprises on the invoice."
            />
            <div className="card-grid card-grid--four">
              {whyLumigen.map((reason) => (
                <FeatureCard key={reason.title} icon={reason.icon} title={reason.title}>
                  <p>{reason.text}</p>
                </FeatureCard>
              ))}
            </div>
          </section>

          <section id="samples" aria-labelledby="samples-title">
            <SectionHeading
              id="samples-title"
              eyebrow="Samples"
              title="Prompts worth trying first"
              lead="Illustrated ideas for each tool. Copy a prompt, open the generator and make it yours with your free credits."
            />
            <ul className="card-grid card-grid--samples">
              {samples.map((sample) => (
                <li key={sample.prompt} className="sample-card">
                  <SceneArt
                    scene={sample.scene}
                    label={`Illustration for the prompt: ${sample.prompt}`}
                    className="sample-card__art"
                  />
                  <div className="sample-card__body">
                    <p className="sample-card__tool">{sample.tool}</p>
                    <p className="sample-card__prompt">“{sample.prompt}”</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="samples-cta">
              <ButtonLink to="/generate" size="lg">
                Open the Image Generator
              </ButtonLink>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
