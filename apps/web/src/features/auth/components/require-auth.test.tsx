import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { withProviders } from '../../../test/render.tsx';
import { RequireAuth } from './require-auth.tsx';

let server: ReturnType<typeof mockServer>;

function LoginProbe() {
  const location = useLocation();
  return <p>Login page, from {(location.state as { from?: string } | null)?.from ?? 'nowhere'}</p>;
}

function app(path: string) {
  return withProviders(
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
    </Routes>,
    { path },
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
    server = mockServer({ 'POST /api/image/get-credit': creditAnswer({ email: 'ada@example.com' }) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    renderAt('/generate?prompt=cat');
    expect(await screen.findByText('Login page, from /generate?prompt=cat')).toBeTruthy();
    expect(screen.queryByText('Generator')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('shows the page to a visitor with a token, and loads their credit with it', async () => {
    localStorage.setItem('token', 'valid-token');
    renderAt('/generate');
    expect(await screen.findByText('Generator')).toBeTruthy();
    expect(screen.queryByText(/Login page/)).toBeNull();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.path).toBe('/api/image/get-credit');
    expect(server.calls[0]!.token).toBe('valid-token');
  });

  it('clears a token the server rejects and sends the user to /login (docs/architecture.md §4)', async () => {
    localStorage.setItem('token', 'expired-token');
    server = mockServer({
      'POST /api/image/get-credit': [401, { success: false, message: 'Please log in to continue' }],
    });
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
