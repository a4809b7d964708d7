import { ButtonLink } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { ProfileSection } from './profile-section.tsx';

/** Who is signed in and what they can spend. */
export function AccountSummary() {
  const { user, credit } = useAuth();
  return (
    <ProfileSection id="account" title="Account">
      <div className="profile-summary">
        <dl className="profile-summary__list">
          <div className="profile-summary__balance">
            <dt>Balance</dt>
            <dd>{credit === undefined ? '…' : `${credit} ${credit === 1 ? 'credit' : 'credits'}`}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{user?.name ?? '…'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user?.email ?? '…'}</dd>
          </div>
        </dl>
        <ButtonLink to="/pricing">Buy credits</ButtonLink>
      </div>
    </ProfileSection>
  );
}
