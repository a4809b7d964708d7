import { PageHero } from '../../components/ui/page-hero.tsx';
import { LegalDocument } from '../../features/legal/components/legal-document.tsx';
import { legalUpdated } from '../../features/legal/legal-section.ts';
import { termsSections } from '../../features/legal/terms-service.tsx';
import { AnchorNav } from '../../features/marketing/components/anchor-nav.tsx';
import { useScrollToHash } from '../../features/marketing/hooks/use-scroll-to-hash.ts';

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
