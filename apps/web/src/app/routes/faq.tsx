import { FaqPage } from '../../features/marketing/faq/faq-page.tsx';

export function FaqRoute() {
  return <FaqPage />;
}
