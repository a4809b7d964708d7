import { PageHero } from '../../components/ui/page-hero.tsx';

export function FeaturedPage() {
  return <PageHero eyebrow="Features" title="Everything Lumigen does" lead="Generation, editing, backgrounds and variations." />;
}
