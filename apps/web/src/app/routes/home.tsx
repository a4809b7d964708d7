import { PageHero } from '../../components/ui/page-hero.tsx';

export function HomePage() {
  return <PageHero eyebrow="AI image studio" title="Lumigen" lead="Turn a sentence into an image, then edit it with AI." />;
}
