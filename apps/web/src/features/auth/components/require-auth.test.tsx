import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth-context.tsx';
import { RequireAuth } from './require-auth.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function LoginProbe() {
  const location = useLocation();
  return (
    <p>
      Login page, from {(location.state as { from?: string } | null)?.from ?? 'nowhere'}
    </p>
  );
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginProbe />} />
            <Route
              path="/generate"
              element={
                <RequireAuth>
                  <p>Generator</p>
                </RequireAuth>
              }
            />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    renderAt('/generate?prompt=cat');
    expect(await screen.findByText('Login page, from /generate?prompt=cat')).toBeTruthy();
    expect(screen.queryByText('Generator')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the page to a visitor with a token, and loads their credit with it', async () => {
    localStorage.setItem('token', 'valid-token');
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Credit loaded', creditBalance: 5, name: 'Ada', email: 'ada@example.com' }));
    renderAt('/generate');
    expect(await screen.findByText('Generator')).toBeTruthy();
    expect(screen.queryByText(/Login page/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/image/get-credit');
    expect((init?.headers as Record<string, string>).token).toBe('valid-token');
  });

  it('clears a token the server rejects and sends the user to /login (DESIGN.md §4)', async () => {
    localStorage.setItem('token', 'expired-token');
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Please log in to continue' }));
    renderAt('/generate');
    expect(await screen.findByText('Login page, from /generate')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
