import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/session.tsx';
import { creditAnswer } from '../../test/answers.ts';
import { mockServer } from '../../test/mock-server.ts';
import { withProviders } from '../../test/render.tsx';
import { protectedHeroes } from './protected-heroes.ts';
import { ProtectedPage } from './protected-page.tsx';

function app(Page: ComponentType, verificationNotice?: boolean) {
  return withProviders(
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
    </Routes>,
    { path: '/generate' },
  );
}

describe('ProtectedPage', () => {
  beforeEach(() => {
    localStorage.clear();
    mockServer({ 'POST /api/image/get-credit': creditAnswer({ email: 'ada@example.com' }) });
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
      mockServer({ 'POST /api/image/get-credit': creditAnswer({ email: 'ada@example.com', emailVerified }) });
    // Says when the session's data has arrived: the notice would show with it.
    const Page = () => <p>Prompt form{useAuth().credit === undefined ? '' : ', balance loaded'}</p>;

    it('shows above a tool page for a user whose address is unconfirmed', async () => {
      localStorage.setItem('token', 'valid-token');
      credit(false);
      render(app(Page, true));
      expect(await screen.findByText('Confirm your e-mail address')).toBeTruthy();
      const notice = screen.getByRole('status');
      expect(
        notice.compareDocumentPosition(screen.getByText(/^Prompt form/)) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
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
