import { NotFoundPage } from '../../features/marketing/status/not-found-page.tsx';

export function NotFoundRoute() {
  return <NotFoundPage />;
}
