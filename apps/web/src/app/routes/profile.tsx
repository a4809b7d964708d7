import { ProfilePage } from '../../features/account/components/profile-page.tsx';
import { VerificationNotice } from '../../features/auth/components/verification-notice.tsx';
import { RecipesSection } from '../../features/recipes/components/recipes-section.tsx';

/** The account feature cannot import the auth or recipes features (decision 016): their parts are handed down from here. */
export function ProfileRoute() {
  return <ProfilePage notice={<VerificationNotice />} recipes={<RecipesSection />} />;
}
