import { PageLoading } from '../../components/ui/page-loading.tsx';
import { AdminConsole } from '../../features/admin/admin-console.tsx';
import { NotFoundPage } from '../../features/marketing/status/not-found-page.tsx';
import { useAuth } from '../../lib/session.tsx';

/**
 * /admin/*: the operator's console for an admin; anyone else (a visitor too) sees the app's
 * not-found page, as the server answers 404 to them (docs/decisions/054).
 */
export function AdminRoute() {
  const { token, sessionKnown, user } = useAuth();
  if (!sessionKnown || (token && !user)) return <PageLoading />;
  if (user?.role !== 'admin') return <NotFoundPage />;
  return <AdminConsole notFound={<NotFoundPage />} />;
}
