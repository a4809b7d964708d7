import { lazy, type ReactNode } from 'react';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import type { protectedHeroes } from './protected-heroes.ts';
import './protected-page.css';

// Its own chunk, fetched beside the page's: its call and the server's texts stay out of the first load
// (docs/decisions/016). Inside the page's Suspense, so the two appear together.
const loadVerificationNotice = () => import('../../features/auth/components/verification-notice.tsx');
const VerificationNotice = lazy(async () => ({ default: (await loadVerificationNotice()).VerificationNotice }));
export const preloadVerificationNotice = () => void loadVerificationNotice().catch(() => undefined);

/**
 * A protected page: its hero is drawn here, outside the session check, so the prerendered hero is
 * the one that stays (the largest paint happens once, before any code runs); below it a spinner
 * until the session is known and the page's code is loaded, then the page — or /login. With
 * `verificationNotice`, a user whose address is unconfirmed is asked to confirm it above the page
 * (the tools; /profile places the notice itself).
 */
export function ProtectedPage({
  hero,
  verificationNotice = false,
  children,
}: {
  hero: (typeof protectedHeroes)[keyof typeof protectedHeroes];
  verificationNotice?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero {...hero} />
      <RequireAuth pending={<PageLoading />}>
        {verificationNotice && (
          <div className="container protected-page__notice">
            <VerificationNotice />
          </div>
        )}
        {children}
      </RequireAuth>
    </>
  );
}
