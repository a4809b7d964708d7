import { PageHero } from '../../components/ui/page-hero.tsx';

export function FaqPage() {
  return <PageHero eyebrow="FAQ" title="Frequently asked questions" lead="Answers about credits, tools and billing." />;
}
