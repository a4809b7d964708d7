import { AnchorNav } from '../../../components/ui/anchor-nav.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { useScrollToHash } from '../../../components/ui/use-scroll-to-hash.ts';
import { legalUpdated, type LegalSection } from '../legal-section.ts';
import '../legal.css';

/** The text of a legal page: numbered sections, each reachable from the table of contents. */
function LegalDocument({ sections, updated }: { sections: LegalSection[]; updated: string }) {
  return (
    <article className="legal">
      <p className="legal__updated">Last updated: {updated}</p>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="legal__section">
          <h2 id={`${section.id}-title`} className="legal__title">
            <span className="legal__number">{index + 1}.</span> {section.title}
          </h2>
          <div className="legal__body">{section.body}</div>
        </section>
      ))}
    </article>
  );
}

/** A legal page: its hero, a numbered table of contents beside the document, links to any section by #id. */
export function LegalPage({ title, lead, sections }: { title: string; lead: string; sections: LegalSection[] }) {
  useScrollToHash();
  const contents = sections.map((section, index) => ({ id: section.id, label: `${index + 1}. ${section.title}` }));
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={lead} />
      <div className="section container anchor-layout">
        <AnchorNav anchors={contents} label="Contents" />
        <div className="anchor-layout__body">
          <LegalDocument sections={sections} updated={legalUpdated} />
        </div>
      </div>
    </>
  );
}
