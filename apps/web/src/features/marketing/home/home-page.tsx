import { lazy } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { BrandStrip } from './brand-strip.tsx';
import { Hero } from './hero.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { Testimonials } from './testimonials.tsx';
import { Welcome } from './welcome.tsx';
import { WhatWeDo } from './what-we-do.tsx';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import { WhyChoose } from './why-choose.tsx';
import { NewsletterForm } from '../newsletter/newsletter-form.tsx';
import { PlanGrid } from '../pricing/plan-grid.tsx';
import { toolLinks } from '../../../lib/menu.ts';
import './home.css';

// The tabs, the accordion and the FAQ texts load when the visitor scrolls near them.
const FaqTeaserTabs = lazy(async () => {
  const [{ FaqTabs }, { FaqList }, { faqGroups }] = await Promise.all([
    import('./faq-tabs.tsx'),
    import('../faq/faq-list.tsx'),
    import('../faq/faq-data.ts'),
  ]);
  const groups = [faqGroups.generator, faqGroups.editor, faqGroups.background, faqGroups.variants];
  function HomeFaqTabs() {
    return (
      <FaqTabs
        label="FAQ topics"
        panels={groups.map((group) => ({
          id: group.id,
          label: group.title,
          content: <FaqList entries={group.entries} headingLevel={3} />,
        }))}
      />
    );
  }
  return { default: HomeFaqTabs };
});

export function HomePage() {
  return (
    <>
      <title>Lumigen — AI image studio</title>
      <Hero tools={toolLinks} />
      <Welcome />
      <BrandStrip />
      <WhatWeDo tools={toolLinks} />
      <Testimonials />

      <section className="home-section home-section--bg pricing-teaser" aria-labelledby="pricing-title">
        <div className="container">
          <SectionHeading
            align="center"
            id="pricing-title"
            eyebrow="Pricing"
            title="Pay once, create whenever you like"
            lead="Prepaid credit bundles, no subscription. One credit makes one image or one edit, and credits never expire."
          />
          <PlanGrid />
          <p className="pricing-teaser__more">
            <ButtonLink to="/pricing" variant="ghost">
              Compare every plan
            </ButtonLink>
          </p>
        </div>
      </section>

      <section className="home-section home-section--surface newsletter-teaser" aria-labelledby="newsletter-title">
        <div className="container">
          <div className="newsletter-card home-grid">
            <div className="newsletter-card__copy">
              <SectionHeading
                id="newsletter-title"
                align="start"
                eyebrow="Newsletter"
                title="Fresh prompts in your inbox"
                lead="One short email a month: new tools, prompt recipes that work and what other creators are making. Unsubscribe in one click."
              />
            </div>
            <div className="newsletter-card__form">
              <NewsletterForm />
            </div>
          </div>
        </div>
      </section>

      <WhyChoose />

      <section className="home-section home-section--surface faq-teaser" aria-labelledby="faq-title">
        <div className="container faq-teaser__inner">
          <SectionHeading
            align="center"
            id="faq-title"
            eyebrow="FAQ"
            title="Frequently Asked Questions"
            lead="Quick answers about each tool. Can't find yours? The full FAQ covers credits, billing and privacy too."
          />
          <WhenNear fallback={<div className="faq-teaser__placeholder" />}>
            <FaqTeaserTabs />
          </WhenNear>
          <p className="faq-teaser__more">
            <ButtonLink to="/faq" variant="secondary">
              Show More Faq
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
