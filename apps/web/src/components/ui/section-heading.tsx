import type { ReactNode } from 'react';
import './section-heading.css';

/** Eyebrow, heading and lead that open a section; `id` lets the section be labelled by its title. */
export function SectionHeading({
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
    <div
      className={['section-heading', `section-heading--${align}`, onInk ? 'section-heading--on-ink' : '']
        .join(' ')
        .trim()}
    >
      {eyebrow && <p className="section-heading__eyebrow">{eyebrow}</p>}
      <Heading id={id} className="section-heading__title">
        {title}
      </Heading>
      {lead && <p className="section-heading__lead">{lead}</p>}
    </div>
  );
}
