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
export function renderWithProviders(ui: ReactNode, options: Options = {}) {
  if (options.token !== undefined) localStorage.setItem('token', options.token);
  return render(withProviders(ui, options));
}

/** The tree renderWithProviders renders, for a test that prerenders or hydrates it itself. */
export function withProviders(ui: ReactNode, { path = '/', route }: Omit<Options, 'token'> = {}) {
  // No delay between a page's own retries, so a failing server is seen at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
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
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>{page}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
