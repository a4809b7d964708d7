import { PageHero } from '../../components/ui/page-hero.tsx';

export function NewsletterPage() {
  return <PageHero eyebrow="Newsletter" title="The Lumigen newsletter" lead="New tools and tips, once a month." />;
}
