import type { ReactNode } from 'react';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import type { protectedHeroes } from './protected-heroes.ts';

/**
 * A protected page: its hero is drawn here, outside the session check, so the prerendered hero is
 * the one that stays (the largest paint happens once, before any code runs); below it a spinner
 * until the session is known and the page's code is loaded, then the page — or /login.
 */
export function ProtectedPage({ hero, children }: { hero: (typeof protectedHeroes)[keyof typeof protectedHeroes]; children: ReactNode }) {
  return (
    <>
      <PageHero {...hero} />
      <RequireAuth pending={<PageLoading />}>{children}</RequireAuth>
    </>
  );
}
