import { ResetPage } from '../../features/auth/components/reset-page.tsx';

export function ResetRoute() {
  return <ResetPage />;
}
