import { LoadingPage } from '../../features/marketing/status/loading-page.tsx';

export function LoadingRoute() {
  return <LoadingPage />;
}
