import { PageHero } from '../../../components/ui/page-hero.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import './newsletter-page.css';

const perks = [
  {
    title: 'Prompt recipes',
    text: 'Three tested prompts every month, with the size and quality settings we used, ready to copy.',
  },
  {
    title: 'New tools first',
    text: 'Hear about new editing tools and improvements before they reach the rest of the site.',
  },
  { title: 'Creator stories', text: 'How shop owners, teachers and designers fit Lumigen into a real week of work.' },
  { title: 'No noise', text: 'One email a month. Unsubscribe in one click; we never sell or share your address.' },
];

export function NewsletterPage() {
  return (
    <>
      <PageHero
        eyebrow="Newsletter"
        title="The Lumigen newsletter"
        lead="Prompt recipes, new tools and creator stories — once a month, never more."
      />
      <section className="section newsletter-page" aria-labelledby="newsletter-perks-title">
        <div className="container newsletter-page__grid">
          <div>
            <h2 id="newsletter-perks-title" className="newsletter-page__title">
              What subscribers get
            </h2>
            <ul className="newsletter-page__perks">
              {perks.map((perk) => (
                <li key={perk.title}>
                  <h3>{perk.title}</h3>
                  <p>{perk.text}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className="newsletter-page__card">
            <h2 className="newsletter-page__title">Subscribe</h2>
            <p className="newsletter-page__note">
              Enter your email address and agree to our privacy policy. You can leave at any time.
            </p>
            <NewsletterForm />
          </div>
        </div>
      </section>
    </>
  );
}
