import { PricingPage } from '../../features/marketing/pricing/pricing-page.tsx';

export function PricingRoute() {
  return <PricingPage />;
}
