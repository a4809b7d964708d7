import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './auth-card.css';

/** The frame of the account screens: one h1, the form, and the links below it. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <title>{`${title} · Lumigen`}</title>
      <div className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <p className="auth-card__lead">{lead}</p>
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
        <Link to="/" className="auth-card__back">
          ← Back to Home
        </Link>
      </div>
    </div>
  );
}
