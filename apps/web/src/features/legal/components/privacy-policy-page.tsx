import { privacySections } from '../content/privacy-policy.tsx';
import { LegalPage } from './legal-page.tsx';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead="What we keep about you, why, for how long, and how to ask us to change or delete it — in plain language."
      sections={privacySections}
    />
  );
}
