import { HomePage } from '../../features/marketing/home/home-page.tsx';

export function HomeRoute() {
  return <HomePage />;
}
