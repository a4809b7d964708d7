import { signupBonusCredits } from '@lumigen/contract/pricing';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { FaqList } from '../faq/faq-list.tsx';
import { faqGroups, type FaqGroupId } from '../faq/faq-data.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { PlanGrid } from './plan-grid.tsx';
import { CompareTable } from './compare-table.tsx';
import { PlanTabs } from './plan-tabs.tsx';

/** docs/product.md §2: the pricing page's FAQ shows these groups, each its own accordion. */
const pricingFaqGroups: FaqGroupId[] = ['general', 'billing', 'product'];

function TrialCta() {
  const { token } = useAuth();
  if (token) {
    return (
      <section className="trial-cta" aria-labelledby="trial-title">
        <div>
          <h2 id="trial-title" className="trial-cta__title">
            Your credits are ready to use
          </h2>
          <p className="trial-cta__text">
            Every tool is open to you. Top up with any bundle above whenever your balance runs low.
          </p>
        </div>
        <ButtonLink to="/generate" size="lg">
          Open the Image Generator
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="trial-cta" aria-labelledby="trial-title">
      <div>
        <h2 id="trial-title" className="trial-cta__title">
          Try every tool before you pay
        </h2>
        <p className="trial-cta__text">
          Create a free account and get {signupBonusCredits} credits — enough for {signupBonusCredits} images or edits.
          No card needed.
        </p>
      </div>
      <ButtonLink to="/register" size="lg">
        Free Trial With {signupBonusCredits} Credits
      </ButtonLink>
    </section>
  );
}

export function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Subscription Plans"
        documentTitle="Pricing"
        lead="Prepaid credit bundles: pay once, use them whenever you like. One credit makes one image or one edit, and credits never expire."
      />

      <section className="section container pricing-plans" aria-label="Plans">
        <PlanTabs>
          <PlanGrid headingLevel={2} />
        </PlanTabs>
        <ul className="pricing-plans__note">
          <li>
            <Icon name="lock" size={18} />
            Secure card payment
          </li>
          <li>
            <Icon name="bolt" size={18} />
            Credits added as soon as you pay
          </li>
          <li>
            <Icon name="refresh" size={18} />
            Failed actions are refunded automatically
          </li>
        </ul>
      </section>

      <section className="section band" aria-labelledby="compare-title">
        <div className="container">
          <SectionHeading
            id="compare-title"
            eyebrow="Compare plans"
            title="Not sure which plan to choose"
            lead="Every plan unlocks every tool. The only differences are how many images you get and what each one costs."
            align="center"
          />
          <CompareTable caption="Starter, Popular and Premium compared: credits, price, price per image, tools, support and commercial use" />
        </div>
      </section>

      <section className="section container" aria-labelledby="pricing-faq-title">
        <div className="pricing-faq">
          <div className="pricing-faq__intro">
            <SectionHeading
              id="pricing-faq-title"
              eyebrow="FAQ"
              title="Questions before you buy"
              lead="Short answers about credits, payments and what you can do with your images."
            />
            <p>
              <Link to="/faq" className="link-arrow">
                See all questions <Icon name="arrow" size={18} />
              </Link>
            </p>
            <p>
              <Link to="/contact" className="link-arrow">
                Ask us directly <Icon name="arrow" size={18} />
              </Link>
            </p>
          </div>
          <div className="pricing-faq__groups">
            {pricingFaqGroups.map((id) => (
              <section key={id} className="faq-group" aria-labelledby={`faq-group-${id}`}>
                <h3 id={`faq-group-${id}`} className="faq-group__title">
                  {faqGroups[id].title}
                </h3>
                <FaqList entries={faqGroups[id].entries} headingLevel={4} />
              </section>
            ))}
          </div>
        </div>
      </section>

      <div className="container trial-cta-wrap">
        <TrialCta />
      </div>
    </>
  );
}
