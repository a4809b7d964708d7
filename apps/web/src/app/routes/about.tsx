import { PageHero } from '../../components/ui/page-hero.tsx';

export function AboutPage() {
  return <PageHero eyebrow="About Us" title="About Lumigen" lead="Why we build an AI image studio." />;
}
