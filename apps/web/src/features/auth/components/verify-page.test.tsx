import { messages } from '@lumigen/contract/messages';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/session.tsx';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer, type Call } from '../../../test/mock-server.ts';
import { withProviders } from '../../../test/render.tsx';
import { VerifyPage } from './verify-page.tsx';

/** What the header shows of the session. */
function SessionProbe() {
  const { credit, user } = useAuth();
  return (
    <p data-testid="session">
      {user ? `${credit} credits, ${user.emailVerified ? 'confirmed' : 'unconfirmed'}` : 'no session data'}
    </p>
  );
}

function app(path: string) {
  return (
    <StrictMode>
      {withProviders(
        <>
          <SessionProbe />
          <Routes>
            <Route path="/verify" element={<VerifyPage />} />
          </Routes>
        </>,
        { path },
      )}
    </StrictMode>
  );
}

function openLink(token: string) {
  window.history.replaceState(null, '', `/verify#token=${token}`);
  return render(app(`/verify#token=${token}`));
}

let calls: Call[];
const sent = (path: string) => calls.filter((call) => call.path === path);

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/verify', () => {
  it('sends the token once (even under StrictMode), shows a spinner, then the server message', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    calls = mockServer({
      'POST /api/user/verify': async () => {
        await answered;
        return [200, { success: true, message: messages.emailVerified, creditBalance: 5 }];
      },
    }).calls;
    openLink('link-token');
    expect((await screen.findByRole('status')).textContent).toContain('Confirming');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');

    await act(async () => answer());
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeTruthy();
    expect(screen.getByText(messages.emailVerified)).toBeTruthy();
    expect(sent('/api/user/verify').map((call) => call.body)).toEqual([{ token: 'link-token' }]);
    // Signed out: nothing to reload, and the way on is to log in.
    expect(sent('/api/image/get-credit')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('signed in: reloads the session, so the header shows the new balance and the address as confirmed', async () => {
    localStorage.setItem('token', 'session-token');
    let verified = false;
    calls = mockServer({
      'POST /api/image/get-credit': () =>
        verified ? creditAnswer({ creditBalance: 10, emailVerified: true }) : creditAnswer(),
      'POST /api/user/verify': () => {
        verified = true;
        return [200, { success: true, message: messages.emailVerifiedWithBonus(5), creditBalance: 10 }];
      },
    }).calls;
    openLink('link-token');
    expect(await screen.findByText(messages.emailVerifiedWithBonus(5))).toBeTruthy();
    expect((await screen.findByText('10 credits, confirmed')).textContent).toBeTruthy();
    expect(sent('/api/user/verify')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start creating' }).getAttribute('href')).toBe('/generate');
  });

  it('a refused link: the server message, and for a visitor the way to sign in and ask for a new one', async () => {
    calls = mockServer({
      'POST /api/user/verify': [400, { success: false, message: messages.verifyLinkExpired }],
    }).calls;
    openLink('old-token');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.verifyLinkExpired);
    expect(screen.getByRole('heading', { name: 'We could not confirm your address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('a refused link for a signed-in, unconfirmed user offers a new link right there', async () => {
    localStorage.setItem('token', 'session-token');
    calls = mockServer({
      'POST /api/image/get-credit': creditAnswer(),
      'POST /api/user/verify': [400, { success: false, message: messages.verifyLinkInvalid }],
    }).calls;
    openLink('wrong-token');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.verifyLinkInvalid);
    expect(await screen.findByRole('button', { name: 'Resend link' })).toBeTruthy();
  });

  it('without a token: says so, links to /profile, and sends nothing', async () => {
    calls = mockServer({}).calls;
    render(app('/verify'));
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
    expect(calls).toEqual([]);
  });

  it('is prerendered as the spinner and taken over without a mismatch', async () => {
    calls = mockServer({
      'POST /api/user/verify': [200, { success: true, message: messages.emailVerified, creditBalance: 5 }],
    }).calls;
    window.history.replaceState(null, '', '/verify#token=link-token');
    const html = renderToString(app('/verify#token=link-token'));
    expect(html).toContain('Confirming');
    expect(html).not.toContain('link-token');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, app('/verify#token=link-token'), {
        onRecoverableError: (error) => void recoverable.push(error),
      });
    });
    await vi.waitFor(() => expect(container.textContent).toContain(messages.emailVerified));
    expect(recoverable).toEqual([]);
    expect(sent('/api/user/verify')).toHaveLength(1);
  });
});
