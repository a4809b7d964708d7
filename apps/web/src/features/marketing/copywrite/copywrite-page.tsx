import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { FeatureCard } from '../components/feature-card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { copyFeatures, resources, teasers, testimonial } from './copywrite-content.ts';
import './copywrite.css';

export function CopywritePage() {
  return (
    <>
      <PageHero
        eyebrow="Copywriting"
        title="Words and images, together"
        documentTitle="Copywriting"
        lead="Your copy deserves a picture that says the same thing. Lumigen turns the lines you already wrote into visuals for ads, posts, pages and e-mails."
      >
        <p className="copy-hero__actions">
          <ButtonLink to="/register" size="lg">
            Get Started
          </ButtonLink>
          <ButtonLink to="/generate" size="lg" variant="on-ink">
            Try the generator
          </ButtonLink>
        </p>
      </PageHero>

      <section className="section container" aria-labelledby="copy-features-title">
        <SectionHeading
          id="copy-features-title"
          eyebrow="For people who write"
          title="Built around your copy"
          lead="Lumigen fits the way writers already work: start from the words, finish with the picture."
        />
        <ul className="card-grid card-grid--wide">
          {copyFeatures.map((feature) => (
            <li key={feature.title}>
              <FeatureCard icon={feature.icon} title={feature.title}>
                <p>{feature.text}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section className="section band--ink" aria-labelledby="testimonial-title">
        <div className="container">
          <h2 id="testimonial-title" className="visually-hidden">
            What a writer says
          </h2>
          <figure className="copy-quote">
            <Icon name="quote" size={40} className="copy-quote__mark" />
            <blockquote className="copy-quote__text">
              <p>{testimonial.quote}</p>
            </blockquote>
            <figcaption className="copy-quote__by">{testimonial.role}</figcaption>
          </figure>
        </div>
      </section>

      <section className="section container" aria-labelledby="resources-title">
        <SectionHeading
          id="resources-title"
          eyebrow="Resources"
          title="Resources for writers"
          lead="Guides and references to get better images from fewer credits."
        />
        <ul className="card-grid">
          {resources.map((resource) => (
            <li key={resource.title}>
              <FeatureCard icon={resource.icon} title={resource.title}>
                <p>{resource.text}</p>
                <Link to={resource.to} className="link-arrow">
                  {resource.cta} <Icon name="arrow" size={18} />
                </Link>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section className="section band" aria-labelledby="blog-title">
        <div className="container">
          <SectionHeading
            id="blog-title"
            eyebrow="From the blog"
            title="Coming up on the Lumigen blog"
            lead="New articles reach newsletter subscribers first."
          />
          <ul className="teasers">
            {teasers.map((teaser) => (
              <li key={teaser.id}>
                <article className="teaser" aria-labelledby={`teaser-${teaser.id}`}>
                  <p className="teaser__meta">
                    <span>{teaser.category}</span>
                    <span aria-hidden="true">·</span>
                    <span>{teaser.minutes} min read</span>
                  </p>
                  <h3 id={`teaser-${teaser.id}`} className="teaser__title">
                    {teaser.title}
                  </h3>
                  <p className="teaser__excerpt">{teaser.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
          <p className="teasers__cta">
            <ButtonLink to="/newsletter" variant="secondary">
              Get new articles by e-mail
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
