import { PageHero } from '../../components/ui/page-hero.tsx';

export function PrivacyPolicyPage() {
  return <PageHero eyebrow="Legal" title="Privacy Policy" lead="How we handle your data." />;
}
