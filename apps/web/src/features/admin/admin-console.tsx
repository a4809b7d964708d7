import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from './components/admin-layout.tsx';
import { ActionsPage } from './pages/actions-page.tsx';
import { JobsPage, OverviewPage, PaymentsPage, ProvidersPage, UsersPage } from './pages/placeholders.tsx';
import { PricesPage } from './pages/prices-page.tsx';

/**
 * The console under /admin, for an admin only (the route checks the role; the server answers 404 to
 * anyone else). `notFound` is the app's own page, shown for a path the console does not have.
 */
export function AdminConsole({ notFound }: { notFound: ReactNode }) {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="jobs" element={<JobsPage />} />
        <Route path="providers" element={<ProvidersPage />} />
        <Route path="prices" element={<PricesPage />} />
        <Route path="actions" element={<ActionsPage />} />
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}
