import { AboutPage } from '../../features/marketing/about/about-page.tsx';

export function AboutRoute() {
  return <AboutPage />;
}
