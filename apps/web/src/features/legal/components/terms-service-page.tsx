import { PageHero } from '../../../components/ui/page-hero.tsx';
import { LegalDocument } from './legal-document.tsx';
import { legalUpdated } from '../legal-section.ts';
import { termsSections } from '../content/terms-service.tsx';
import { AnchorNav } from '../../../components/ui/anchor-nav.tsx';
import { useScrollToHash } from '../../../components/ui/use-scroll-to-hash.ts';

const contents = termsSections.map((section, index) => ({ id: section.id, label: `${index + 1}. ${section.title}` }));

export function TermsServicePage() {
  useScrollToHash();
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms of Service" lead="The rules for using Lumigen and buying credits, written to be read: what you can expect from us and what we expect from you." />
      <div className="section container anchor-layout">
        <AnchorNav anchors={contents} label="Contents" />
        <div className="anchor-layout__body">
          <LegalDocument sections={termsSections} updated={legalUpdated} />
        </div>
      </div>
    </>
  );
}
