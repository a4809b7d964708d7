import { NewsletterPage } from '../../features/marketing/newsletter/newsletter-page.tsx';

export function NewsletterRoute() {
  return <NewsletterPage />;
}
