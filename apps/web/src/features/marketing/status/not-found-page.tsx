import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';

export function NotFoundPage() {
  return (
    <PageHero eyebrow="404" title="Page not found" lead="The page you were looking for does not exist or has moved.">
      <p style={{ marginTop: 'var(--space-6)' }}>
        <ButtonLink to="/">Back to Home</ButtonLink>
      </p>
    </PageHero>
  );
}
