import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ConfirmationProvider } from './confirmation.tsx';
import '../admin.css';

/** The console's sections, in the order the operator's day goes. */
export const adminSections = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Customers' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/providers', label: 'Providers' },
  { to: '/admin/prices', label: 'Prices' },
  { to: '/admin/actions', label: 'Audit log' },
] as const;

/** The operator's console: its navigation beside (on a phone, above) the section shown. */
export function AdminLayout() {
  return (
    <ConfirmationProvider>
      <div className="container admin">
        <nav className="admin__nav" aria-label="Operator console">
          <p className="admin__title">Operator console</p>
          <ul>
            {adminSections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={'end' in section ? section.end : false} className="admin__link">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin__main">
          <Outlet />
        </div>
      </div>
    </ConfirmationProvider>
  );
}

/** A section's heading and what it is for; the page's own content follows. */
export function AdminSection({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="admin-section" aria-labelledby="admin-section-title">
      <h1 id="admin-section-title" className="admin-section__title">
        {title}
      </h1>
      <p className="admin-section__lead">{lead}</p>
      {children}
    </section>
  );
}
