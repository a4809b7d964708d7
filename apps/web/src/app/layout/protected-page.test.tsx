import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../../lib/session.tsx';
import { protectedHeroes } from './protected-heroes.ts';
import { ProtectedPage } from './protected-page.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function app(Page: ComponentType, verificationNotice?: boolean) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/generate']}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<p>Login page</p>} />
            <Route
              path="/generate"
              element={
                <ProtectedPage hero={protectedHeroes['/generate']} verificationNotice={verificationNotice}>
                  <Page />
                </ProtectedPage>
              }
            />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('ProtectedPage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, message: 'Credit loaded', creditBalance: 5, name: 'Ada', email: 'ada@example.com' })));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('keeps the prerendered hero element while the page behind it loads, so the first paint is the largest', async () => {
    localStorage.setItem('token', 'valid-token');
    let loaded!: () => void;
    const chunk = new Promise<void>((resolve) => (loaded = resolve));
    const Page = lazy(async () => {
      await chunk;
      return { default: () => <p>Prompt form</p> };
    });
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(Page));
    document.body.append(container);
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe('Image Generator');
    expect(container.querySelector('[role="status"]')).not.toBeNull();

    await act(async () => {
      hydrateRoot(container, app(Page));
    });
    // Session known, page code still loading: same hero, spinner below it.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[role="status"]')).not.toBeNull();

    await act(async () => loaded());
    expect(container.textContent).toContain('Prompt form');
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  describe('the e-mail confirmation notice', () => {
    const credit = (emailVerified: boolean) =>
      vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, message: 'Credit loaded', creditBalance: 5, name: 'Ada', email: 'ada@example.com', emailVerified })));
    // Says when the session's data has arrived: the notice would show with it.
    const Page = () => <p>Prompt form{useAuth().credit === undefined ? '' : ', balance loaded'}</p>;

    it('shows above a tool page for a user whose address is unconfirmed', async () => {
      localStorage.setItem('token', 'valid-token');
      credit(false);
      render(app(Page, true));
      expect(await screen.findByText('Confirm your e-mail address')).toBeTruthy();
      const notice = screen.getByRole('status');
      expect(notice.compareDocumentPosition(screen.getByText(/^Prompt form/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('is not drawn for a confirmed user, nor on a page that places it itself', async () => {
      localStorage.setItem('token', 'valid-token');
      credit(true);
      render(app(Page, true));
      expect(await screen.findByText('Prompt form, balance loaded')).toBeTruthy();
      expect(screen.queryByText('Confirm your e-mail address')).toBeNull();
      cleanup();

      credit(false);
      render(app(Page));
      expect(await screen.findByText('Prompt form, balance loaded')).toBeTruthy();
      expect(screen.queryByText('Confirm your e-mail address')).toBeNull();
    });
  });
});
