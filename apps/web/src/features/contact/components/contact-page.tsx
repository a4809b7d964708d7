import { PageHero } from '../../../components/ui/page-hero.tsx';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';
import './contact.css';

export function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact Us"
        title="Contact Us"
        lead="A question about credits, a tool that did not do what you expected, or an idea for a new one? A person on the Lumigen team reads every message."
      />
      <div className="section container contact-layout">
        <section className="contact-layout__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="contact-layout__title">
            Send us a message
          </h2>
          <p className="contact-layout__lead">
            Tell us what happened and, for a tool problem, which tool and roughly when. We answer by e-mail.
          </p>
          <ContactForm />
        </section>
        <section className="contact-layout__details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="contact-layout__title">
            Reach us directly
          </h2>
          <ContactDetails />
        </section>
      </div>
    </>
  );
}
