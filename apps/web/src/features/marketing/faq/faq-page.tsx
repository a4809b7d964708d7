import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { FaqList } from './faq-list.tsx';
import { faqGroups } from './faq-data.ts';
import { AnchorNav } from '../../../components/ui/anchor-nav.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { useScrollToHash } from '../../../components/ui/use-scroll-to-hash.ts';

const groups = Object.values(faqGroups);

export function FaqPage() {
  useScrollToHash();
  return (
    <>
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked questions"
        documentTitle="FAQ"
        lead="Answers about credits, payments and every Lumigen tool. Can’t find yours? Write to us and a person will reply."
      />
      <div className="section container anchor-layout anchor-layout--slim">
        <AnchorNav anchors={groups.map((group) => ({ id: group.id, label: group.title }))} label="Topics" />
        <div className="anchor-layout__body faq-page">
          {groups.map((group) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`}>
              <SectionHeading id={`${group.id}-title`} title={group.title} />
              <FaqList entries={group.entries} headingLevel={3} />
            </section>
          ))}
          <section className="faq-page__more" aria-labelledby="faq-more-title">
            <h2 id="faq-more-title" className="faq-page__more-title">
              Still have a question?
            </h2>
            <p>Tell us what you are trying to do and we will help you do it.</p>
            <ButtonLink to="/contact">Contact Us</ButtonLink>
          </section>
        </div>
      </div>
    </>
  );
}
