import { PageHero } from '../../components/ui/page-hero.tsx';

export function ContactPage() {
  return <PageHero eyebrow="Contact Us" title="Contact Us" lead="We answer every message." />;
}
