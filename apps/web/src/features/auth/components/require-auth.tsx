import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../lib/session.tsx';

/**
 * Protected routes: without a token, to /login, which brings the user back here afterwards.
 * `pending` shows while that cannot be decided yet — it is what the page is prerendered as, so a
 * first visit paints at once — and while the page's code loads.
 */
export function RequireAuth({ children, pending = null }: { children: ReactNode; pending?: ReactNode }) {
  const { token, sessionKnown } = useAuth();
  const location = useLocation();
  if (!sessionKnown) return pending;
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Suspense fallback={pending}>{children}</Suspense>;
}
