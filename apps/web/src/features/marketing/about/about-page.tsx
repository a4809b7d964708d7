import { Link } from 'react-router';
import { Accordion } from '../../../components/ui/accordion.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { SceneArt } from '../components/art.tsx';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { FeatureCard } from '../components/feature-card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { Ticker, TickerGroup } from '../../../components/ui/ticker.tsx';
import './about.css';
import { benefits, keyFeatures, team, tickerWords, whyUs } from './about-content.ts';

export function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="About Lumigen"
        documentTitle="About Us"
        lead="We build an AI image studio for people who need good pictures every week but have no time to become designers."
      />
      <TickerGroup label="What Lumigen can do" className="about-ticker">
        <Ticker
          items={tickerWords}
          render={(word) => (
            <span className="about-ticker__item">
              <Icon name="sparkles" size={18} />
              {word}
            </span>
          )}
        />
      </TickerGroup>

      <section className="section container" aria-labelledby="story-title">
        <div className="split">
          <div>
            <SectionHeading id="story-title" eyebrow="Our story" title="Great pictures should not need a studio" />
            <div className="prose">
              <p>
                Lumigen started with a pattern we kept seeing in small teams: a product launch, a blog post or a sale
                needs images <strong>today</strong>, while stock photos look like everyone else’s, designers are booked
                for weeks, and professional editors take years to learn.
              </p>
              <p>
                So we put the best image models behind a handful of focused tools. Describe a picture and get it. Upload
                a photo and remove its background, erase what does not belong, relight it or make it bigger. Each tool
                does one job, well, in the browser.
              </p>
              <p>
                We chose prepaid credits over subscriptions because that is how people actually work: a busy month, then
                a quiet one. You pay for the images you make — and never for one that failed.
              </p>
            </div>
          </div>
          <figure className="art-frame about-story__art">
            <SceneArt scene="mountains" label="Illustration: a moon rising over layered mountains at night" />
          </figure>
        </div>
      </section>

      <section className="section band" aria-labelledby="benefits-title">
        <div className="container">
          <SectionHeading
            id="benefits-title"
            eyebrow="Benefits"
            title="What changes when you use Lumigen"
            lead="Less waiting, fewer tools, and a bill that matches what you actually made."
          />
          <Carousel
            label="Benefits"
            className="carousel--three"
            slides={benefits.map((benefit) => (
              <FeatureCard key={benefit.title} icon={benefit.icon} title={benefit.title}>
                <p>{benefit.text}</p>
              </FeatureCard>
            ))}
          />
        </div>
      </section>

      <section className="section band--ink mission" aria-labelledby="mission-title">
        <div className="container mission__inner">
          <p className="mission__eyebrow">Our mission</p>
          <h2 id="mission-title" className="mission__statement">
            Make a great image as easy to get as the sentence that describes it.
          </h2>
          <ul className="mission__values">
            <li>
              <Icon name="heart" />
              <span>
                <strong>Useful first.</strong> Every tool solves a job people pay designers for.
              </span>
            </li>
            <li>
              <Icon name="shield" />
              <span>
                <strong>Fair by design.</strong> Clear prices, refunds for failures, no lock-in.
              </span>
            </li>
            <li>
              <Icon name="globe" />
              <span>
                <strong>Open to everyone.</strong> No install, no training, any device.
              </span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section container" aria-labelledby="features-title">
        <SectionHeading
          id="features-title"
          eyebrow="Key features"
          title="Ten tools, one balance"
          lead="Every plan includes every tool. A few of the ones customers use most:"
        />
        <ul className="card-grid card-grid--three">
          {keyFeatures.map((feature) => (
            <li key={feature.title}>
              <FeatureCard icon={feature.icon} title={feature.title}>
                <p>{feature.text}</p>
                <Link to={feature.to} className="link-arrow">
                  Open {feature.title.toLowerCase()} <Icon name="arrow" size={18} />
                </Link>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section className="section band" aria-labelledby="team-title">
        <div className="container">
          <SectionHeading
            id="team-title"
            eyebrow="Team"
            title="The people behind Lumigen"
            lead="A small team of researchers, engineers and designers, with support handled by the people who build the product."
          />
          <Carousel
            label="Team"
            className="carousel--three"
            slides={team.map((member) => (
              <article key={member.title} className="team-card">
                <span className="team-card__avatar" aria-hidden="true">
                  <Icon name={member.icon} size={28} />
                </span>
                <h3 className="team-card__title">{member.title}</h3>
                <p className="team-card__focus">{member.focus}</p>
              </article>
            ))}
          />
        </div>
      </section>

      <section className="section container" aria-labelledby="why-title">
        <div className="split split--top">
          <div>
            <SectionHeading id="why-title" eyebrow="Why us" title="Why creators and teams choose Lumigen" />
            <p className="about-why__cta">
              <ButtonLink to="/register" size="lg">
                Get Started
              </ButtonLink>
            </p>
          </div>
          <Accordion items={whyUs.map((item) => ({ id: item.id, title: item.title, content: <p>{item.text}</p> }))} />
        </div>
      </section>
    </>
  );
}
