import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../lib/session.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

type Options = {
  /** The address the page opens at. */
  path?: string;
  /** Signs in with this token first. */
  token?: string;
  /** Mounts `ui` at this route beside the pages it may send the user to, and shows the address in `where`. */
  route?: string;
};

/** `ui` with what a page has in the app: a fresh query cache without retries, a router and the session. */
export function renderWithProviders(ui: ReactNode, { path = '/', token, route }: Options = {}) {
  if (token !== undefined) localStorage.setItem('token', token);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const page = route ? (
    <>
      <Routes>
        <Route path={route} element={ui} />
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>
      <Where />
    </>
  ) : (
    ui
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>{page}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
