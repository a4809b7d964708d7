import { formatCost } from '@lumigen/contract/pricing';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useImageCredits } from '../../../lib/providers.ts';
import { useAuth } from '../../../lib/session.tsx';
import { ProfileSection } from './profile-section.tsx';

/** What the user can spend, and where to get more. Name and address are in the settings below. */
export function AccountSummary() {
  const { credit } = useAuth();
  const imageCredits = useImageCredits();
  return (
    <ProfileSection id="account" title="Account">
      <div className="profile-summary">
        <div className="profile-summary__balance">
          <p className="profile-summary__label">Balance</p>
          <p className="profile-summary__value">{credit === undefined ? '…' : formatCost(credit)}</p>
          <p className="profile-summary__hint">
            An image costs {formatCost(imageCredits)}; each tool shows its price on its button.
          </p>
        </div>
        <ButtonLink to="/pricing">Buy credits</ButtonLink>
      </div>
    </ProfileSection>
  );
}
