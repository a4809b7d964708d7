import type { ReactNode } from 'react';

/** The ink header of an inner page: its one h1, an eyebrow and a lead. Sets the document title. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  documentTitle,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  documentTitle?: string;
}) {
  return (
    <section className="page-hero">
      <title>{`${documentTitle ?? title} · Lumigen`}</title>
      <div className="container">
        {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
        <h1 className="page-hero__title">{title}</h1>
        {lead && <p className="page-hero__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
