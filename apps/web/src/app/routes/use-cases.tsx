import { PageHero } from '../../components/ui/page-hero.tsx';

export function UseCasesPage() {
  return <PageHero eyebrow="Use Cases" title="Made for everyone who needs images" lead="Twelve ways people use Lumigen." />;
}
