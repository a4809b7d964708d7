import { VerifyPage } from '../../features/auth/components/verify-page.tsx';

export function VerifyRoute() {
  return <VerifyPage />;
}
