import { useId, type ReactNode } from 'react';

/** One part of /profile, reached from the page's side menu by its id. */
export function ProfileSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="profile-section" aria-labelledby={`${id}-title`}>
      <div className="profile-section__head">
        <h2 id={`${id}-title`} className="profile-section__title">
          {title}
        </h2>
        {lead && <p className="profile-section__lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}

/** A card inside a section: one thing to change, with its own title and form. */
export function ProfileCard({
  title,
  lead,
  children,
  tone,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  tone?: 'danger';
}) {
  const titleId = useId();
  return (
    <section
      className={tone === 'danger' ? 'profile-card profile-card--danger' : 'profile-card'}
      aria-labelledby={titleId}
    >
      <div className="profile-card__head">
        <h3 id={titleId} className="profile-card__title">
          {title}
        </h3>
        {lead && <p className="profile-card__lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
