import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from './components/admin-layout.tsx';
import { ActionsPage } from './pages/actions-page.tsx';
import { JobsPage } from './pages/jobs-page.tsx';
import { OverviewPage } from './pages/overview-page.tsx';
import { PaymentsPage } from './pages/payments-page.tsx';
import { PricesPage } from './pages/prices-page.tsx';
import { ProvidersPage } from './pages/providers-page.tsx';
import { UserPage } from './pages/user-page.tsx';
import { UsersPage } from './pages/users-page.tsx';

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
        <Route path="users/:id" element={<UserPage />} />
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
