import { ContactPage } from '../../features/contact/components/contact-page.tsx';

export function ContactRoute() {
  return <ContactPage />;
}
