import { FeaturedPage } from '../../features/marketing/featured/featured-page.tsx';

export function FeaturedRoute() {
  return <FeaturedPage />;
}
