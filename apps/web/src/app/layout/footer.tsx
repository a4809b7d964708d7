import { brand } from '@lumigen/contract/brand';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { HealthStatus } from '../../features/health/components/health-status.tsx';
import { Logo } from './logo.tsx';
import { aboutLinks, toolLinks, type MenuLink } from '../../lib/menu.ts';
import { rememberReturnPath } from '../../lib/return-after-purchase.ts';
import { useAuth } from '../../lib/session.tsx';
import './footer.css';

const resources: MenuLink[] = [
  { label: 'FAQ', to: '/faq' },
  { label: 'Use Cases', to: '/use-cases' },
  { label: 'Featured', to: '/featured' },
  { label: 'Developers', to: '/developers' },
  { label: 'Copywriting', to: '/copywrite' },
  { label: 'Newsletter', to: '/newsletter' },
];
const quickMenu: MenuLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  aboutLinks[0]!,
  { label: 'Contact Us', to: '/contact' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-service' },
];
const socials = [
  { label: 'facebook', href: brand.socials.facebook },
  { label: 'instagram', href: brand.socials.instagram },
  { label: 'linkedin', href: brand.socials.linkedin },
  { label: 'twitter', href: brand.socials.twitter },
];

function Column({ title, links }: { title: string; links: MenuLink[] }) {
  return (
    <nav className="footer__column" aria-label={title}>
      <h2 className="footer__heading">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The sign-up offer for visitors; a signed-in person has had the free credits, so is shown the
 * balance and a way to buy more that comes back to this page after paying.
 */
function CallToAction() {
  const { token, sessionKnown, credit } = useAuth();
  const location = useLocation();
  let text;
  let action;
  if (token) {
    text =
      credit === undefined
        ? 'Your balance is loading…'
        : `You have ${credit} ${credit === 1 ? 'credit' : 'credits'}. Top up whenever you need more.`;
    action = (
      <ButtonLink to="/pricing" size="lg" onClick={() => rememberReturnPath(`${location.pathname}${location.search}`)}>
        Buy credits
      </ButtonLink>
    );
  } else {
    text = 'Sign up and get 5 free credits. No card needed.';
    action = (
      <ButtonLink to="/register" size="lg">
        Get Started
      </ButtonLink>
    );
  }
  return (
    // Until the stored session is read (prerendered HTML) the offer is laid out but not shown, as in the header.
    <section
      className={sessionKnown ? 'footer__cta' : 'footer__cta footer__cta--pending'}
      aria-labelledby="footer-cta-title"
    >
      <div>
        <h2 id="footer-cta-title" className="footer__cta-title">
          Your next image is one sentence away.
        </h2>
        <p className="footer__cta-text">{text}</p>
      </div>
      {action}
    </section>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <CallToAction />
        <div className="footer__grid">
          <div className="footer__brand">
            <Logo onInk />
            <p>Generate and edit images with AI — from a prompt or from your own photos.</p>
            <p>
              <a href={`mailto:${brand.email}`}>{brand.email}</a>
            </p>
          </div>
          <Column title="Resources" links={resources} />
          <Column title="Quick Menu" links={quickMenu} />
          <nav className="footer__column" aria-label="Socials">
            <h2 className="footer__heading">Socials</h2>
            <ul>
              {socials.map((social) => (
                <li key={social.label}>
                  <a href={social.href} rel="noopener noreferrer" target="_blank">
                    {social.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Column title="Tools" links={toolLinks} />
        </div>
        <div className="footer__bottom">
          <p>
            © {new Date().getFullYear()} {brand.name}. All rights reserved.
          </p>
          <HealthStatus />
        </div>
      </div>
    </footer>
  );
}
