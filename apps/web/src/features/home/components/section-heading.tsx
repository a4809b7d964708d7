import type { ReactNode } from 'react';

/** Eyebrow, h2 and lead of a landing section; `id` labels the section (aria-labelledby). */
export function SectionHeading({ id, eyebrow, title, lead, align = 'center' }: { id: string; eyebrow?: string; title: ReactNode; lead?: ReactNode; align?: 'center' | 'start' }) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      {eyebrow && <p className="section-heading__eyebrow">{eyebrow}</p>}
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {lead && <p className="section-heading__lead">{lead}</p>}
    </div>
  );
}
