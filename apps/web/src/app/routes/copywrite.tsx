import { PageHero } from '../../components/ui/page-hero.tsx';

export function CopywritePage() {
  return <PageHero eyebrow="Copywriting" title="Words and images, together" lead="Copy that sells, pictures that match." />;
}
