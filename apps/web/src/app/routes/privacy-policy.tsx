import { PageHero } from '../../components/ui/page-hero.tsx';
import { LegalDocument } from '../../features/legal/components/legal-document.tsx';
import { legalUpdated } from '../../features/legal/legal-section.ts';
import { privacySections } from '../../features/legal/privacy-policy.tsx';
import { AnchorNav } from '../../features/marketing/components/anchor-nav.tsx';
import { useScrollToHash } from '../../features/marketing/hooks/use-scroll-to-hash.ts';

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
