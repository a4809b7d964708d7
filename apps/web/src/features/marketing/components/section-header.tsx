import '../marketing.css';
import type { ReactNode } from 'react';

/** Eyebrow, heading and lead that open a section; `id` lets the section be labelled by its title. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  align = 'start',
  level = 2,
  onInk = false,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'start' | 'center';
  level?: 2 | 3;
  onInk?: boolean;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={['section-header', `section-header--${align}`, onInk ? 'section-header--on-ink' : ''].join(' ').trim()}>
      {eyebrow && <p className="section-header__eyebrow">{eyebrow}</p>}
      <Heading id={id} className="section-header__title">
        {title}
      </Heading>
      {lead && <p className="section-header__lead">{lead}</p>}
    </div>
  );
}
