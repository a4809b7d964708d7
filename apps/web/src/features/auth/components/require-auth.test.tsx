import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session.tsx';
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

function app(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginProbe />} />
            <Route
              path="/generate"
              element={
                <RequireAuth pending={<p>Checking your session</p>}>
                  <p>Generator</p>
                </RequireAuth>
              }
            />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const renderAt = (path: string) => render(app(path));

/** Build-time HTML of the page (no session can be known there), then the browser taking it over. */
async function prerenderThenHydrate(path: string) {
  const html = renderToString(app(path));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, app(path), { onRecoverableError: (error) => void recoverable.push(error) });
  });
  return { html, container, recoverable };
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

  it('clears a token the server rejects and sends the user to /login (docs/architecture.md §4)', async () => {
    localStorage.setItem('token', 'expired-token');
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Please log in to continue' }));
    renderAt('/generate');
    expect(await screen.findByText('Login page, from /generate')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('prerenders the pending view, neither the page nor a redirect, since no session is known at build time', () => {
    localStorage.setItem('token', 'valid-token');
    const html = renderToString(app('/generate'));
    expect(html).toContain('Checking your session');
    expect(html).not.toContain('Generator');
    expect(html).not.toContain('Login page');
  });

  it('hydrates the prerendered pending view into the page for a visitor with a token', async () => {
    localStorage.setItem('token', 'valid-token');
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Credit loaded', creditBalance: 5, name: 'Ada', email: 'ada@example.com' }));
    const { container, recoverable } = await prerenderThenHydrate('/generate');
    expect(container.textContent).toContain('Generator');
    expect(container.textContent).not.toContain('Checking your session');
    // The first pass matched the prerendered HTML: React did not throw it away.
    expect(recoverable).toEqual([]);
  });

  it('hydrates the prerendered pending view into /login for a visitor without a token', async () => {
    const { container, recoverable } = await prerenderThenHydrate('/generate');
    expect(container.textContent).toContain('Login page, from /generate');
    expect(container.textContent).not.toContain('Generator');
    expect(recoverable).toEqual([]);
  });
});
