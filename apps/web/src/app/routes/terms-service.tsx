import { TermsServicePage } from '../../features/legal/components/terms-service-page.tsx';

export function TermsServiceRoute() {
  return <TermsServicePage />;
}
