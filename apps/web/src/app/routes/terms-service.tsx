import { PageHero } from '../../components/ui/page-hero.tsx';

export function TermsServicePage() {
  return <PageHero eyebrow="Legal" title="Terms of Service" lead="The rules of using Lumigen." />;
}
