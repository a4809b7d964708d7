import { PageHero } from '../../../components/ui/page-hero.tsx';
import { LegalDocument } from './legal-document.tsx';
import { legalUpdated } from '../legal-section.ts';
import { privacySections } from '../content/privacy-policy.tsx';
import { AnchorNav } from '../../../components/ui/anchor-nav.tsx';
import { useScrollToHash } from '../../../components/ui/use-scroll-to-hash.ts';

const contents = privacySections.map((section, index) => ({ id: section.id, label: `${index + 1}. ${section.title}` }));

export function PrivacyPolicyPage() {
  useScrollToHash();
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy Policy" lead="What we keep about you, why, for how long, and how to ask us to change or delete it — in plain language." />
      <div className="section container anchor-layout">
        <AnchorNav anchors={contents} label="Contents" />
        <div className="anchor-layout__body">
          <LegalDocument sections={privacySections} updated={legalUpdated} />
        </div>
      </div>
    </>
  );
}
