import { ProfilePage } from '../../features/account/components/profile-page.tsx';
import { VerificationNotice } from '../../features/auth/components/verification-notice.tsx';

/** The account feature cannot import the auth feature (decision 016): the notice is handed down from here. */
export function ProfileRoute() {
  return <ProfilePage notice={<VerificationNotice />} />;
}
