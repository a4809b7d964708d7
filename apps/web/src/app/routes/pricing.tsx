import { PageHero } from '../../components/ui/page-hero.tsx';

export function PricingPage() {
  return <PageHero eyebrow="Pricing" title="Subscription Plans" lead="Prepaid credit bundles." />;
}
