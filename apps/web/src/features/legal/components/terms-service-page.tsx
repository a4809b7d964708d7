import { termsSections } from '../content/terms-service.tsx';
import { LegalPage } from './legal-page.tsx';

export function TermsServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      lead="The rules for using Lumigen and buying credits, written to be read: what you can expect from us and what we expect from you."
      sections={termsSections}
    />
  );
}
