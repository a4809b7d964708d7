import { ButtonLink } from '../../components/ui/button.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';

export function ProfilePage() {
  const { user, credit } = useAuth();
  return (
    <>
      <PageHero eyebrow="Account" title="Your profile" lead="Your details and your credit balance." />
      <section className="section container">
        <dl className="profile-list">
          <dt>Name</dt>
          <dd>{user?.name ?? '…'}</dd>
          <dt>Email</dt>
          <dd>{user?.email ?? '…'}</dd>
          <dt>Balance</dt>
          <dd>{credit === undefined ? '…' : `${credit} credits`}</dd>
        </dl>
        <ButtonLink to="/pricing">Buy credits</ButtonLink>
      </section>
    </>
  );
}
