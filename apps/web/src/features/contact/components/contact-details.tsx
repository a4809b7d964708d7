import { brand } from '@lumigen/contract/brand';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './contact.css';

/** `tel:` wants the number without spaces or punctuation other than the leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Channel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="contact-channel">
      <span className="contact-channel__icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <h3 className="contact-channel__title">{title}</h3>
        {children}
      </div>
    </li>
  );
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The brand's e-mail and phone (contract brand.ts), as links that open the visitor's own apps. */
export function ContactDetails() {
  return (
    <ul className="contact-channels">
      <Channel
        title="Email"
        icon={
          <svg viewBox="0 0 24 24" width="22" height="22" {...stroke}>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </svg>
        }
      >
        <a className="contact-channel__link" href={`mailto:${brand.email}`}>
          {brand.email}
        </a>
        <p className="contact-channel__text">For account, billing and image questions. We reply by e-mail.</p>
      </Channel>
      <Channel
        title="Phone"
        icon={
          <svg viewBox="0 0 24 24" width="22" height="22" {...stroke}>
            <path d="M5 4h3.5l2 5-2.5 1.5a11 11 0 0 0 5.5 5.5l1.5-2.5 5 2V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
          </svg>
        }
      >
        <a className="contact-channel__link" href={telHref(brand.phone)}>
          {brand.phone}
        </a>
        <p className="contact-channel__text">Best for anything urgent about a payment.</p>
      </Channel>
      <Channel
        title="Answers right now"
        icon={
          <svg viewBox="0 0 24 24" width="22" height="22" {...stroke}>
            <circle cx="12" cy="12" r="9" />
            <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
          </svg>
        }
      >
        <Link className="contact-channel__link" to="/faq">
          Read the FAQ
        </Link>
        <p className="contact-channel__text">Credits, payments, file types and every tool, explained.</p>
      </Channel>
    </ul>
  );
}
