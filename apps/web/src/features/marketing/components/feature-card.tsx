import '../marketing.css';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

/** A card with an icon badge, a heading and a short text; the grid around it sets the columns. */
export function FeatureCard({
  icon,
  title,
  children,
  level = 3,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  level?: 3 | 4;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <article className="feature-card">
      <span className="icon-badge">
        <Icon name={icon} />
      </span>
      <Heading className="feature-card__title">{title}</Heading>
      <div className="feature-card__text">{children}</div>
    </article>
  );
}
