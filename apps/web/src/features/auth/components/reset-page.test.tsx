import { messages } from '@lumigen/contract/messages';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer, type Call } from '../../../test/mock-server.ts';
import { withProviders } from '../../../test/render.tsx';
import { ResetPage } from './reset-page.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const newPassword = 'a brand new password';
const signedIn = {
  success: true,
  message: messages.passwordReset,
  token: 'fresh-token',
  user: {
    id: 'u1',
    name: 'Ada',
    email: 'ada@lumigen.example',
    creditBalance: 5,
    emailVerified: true,
    role: 'customer',
  },
};

function GenerateProbe() {
  const { token, credit } = useAuth();
  return (
    <p>
      Generator, signed in as {token}, {credit} credits
    </p>
  );
}

function app(path: string) {
  return withProviders(
    <Routes>
      <Route path="/reset" element={<ResetPage />} />
      <Route path="/generate" element={<GenerateProbe />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { path },
  );
}

/** Opens the page as a mailed link does: the browser's address carries the token too. */
function openLink(token: string) {
  window.history.replaceState(null, '', `/reset#token=${token}`);
  return render(app(`/reset#token=${token}`));
}

let calls: Call[];
const sent = (path: string) => calls.filter((call) => call.path === path);

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/reset without a link: asking for one', () => {
  it('requires an address and sends nothing without one', async () => {
    calls = mockServer({}).calls;
    render(app('/reset'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required');
    expect(calls).toEqual([]);
  });

  it('asks the server for a link, then shows its answer and the address; no support address to write to', async () => {
    calls = mockServer({
      'POST /api/user/reset-request': [200, { success: true, message: messages.resetRequested }],
    }).calls;
    const user = userEvent.setup();
    render(app('/reset'));
    await user.type(screen.getByLabelText('Email'), 'Ada@Lumigen.example');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(messages.resetRequested)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('ada@lumigen.example');
    expect(sent('/api/user/reset-request').map((call) => call.body)).toEqual([{ email: 'ada@lumigen.example' }]);
    expect(document.body.textContent).not.toMatch(/support|business day/i);
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('sends again to the same address, or goes back to the form with it filled in', async () => {
    calls = mockServer({
      'POST /api/user/reset-request': [200, { success: true, message: messages.resetRequested }],
    }).calls;
    const user = userEvent.setup();
    render(app('/reset'));
    await user.type(screen.getByLabelText('Email'), 'ada@lumigen.example');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(/We sent another link/)).toBeTruthy();
    expect(sent('/api/user/reset-request').map((call) => call.body)).toEqual([
      { email: 'ada@lumigen.example' },
      { email: 'ada@lumigen.example' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@lumigen.example');
  });

  it('a refusal (too many requests) is a toast, and the form stays', async () => {
    calls = mockServer({
      'POST /api/user/reset-request': [429, { success: false, message: messages.rateLimited(60) }],
    }).calls;
    const user = userEvent.setup();
    render(app('/reset'));
    await user.type(screen.getByLabelText('Email'), 'ada@lumigen.example');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.rateLimited(60)));
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.queryByText('Check your inbox')).toBeNull();
  });
});

describe('/reset#token=…: the mailed link', () => {
  it('takes the token out of the address bar and asks for a new password', async () => {
    calls = mockServer({}).calls;
    openLink('link-token');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/reset');
  });

  it('checks the password as registration does, inline, and sends nothing on a mismatch', async () => {
    calls = mockServer({}).calls;
    const user = userEvent.setup();
    openLink('link-token');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByText('Password must be at least 8 characters')).getAttribute('role')).toBe('alert');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), newPassword);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'something else entirely');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(messages.passwordsDiffer)).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('sets the password, signs the user in as login does, toasts the server message and goes to /generate', async () => {
    calls = mockServer({
      'POST /api/user/reset': [200, signedIn],
      'POST /api/image/get-credit': creditAnswer({ emailVerified: true }),
    }).calls;
    const user = userEvent.setup();
    openLink('link-token');
    await user.type(await screen.findByLabelText('New password'), newPassword);
    await user.type(screen.getByLabelText('Confirm password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Generator, signed in as fresh-token, 5 credits')).toBeTruthy();
    expect(sent('/api/user/reset').map((call) => call.body)).toEqual([{ token: 'link-token', password: newPassword }]);
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(notify.success).toHaveBeenCalledWith(messages.passwordReset);
  });

  for (const message of [messages.resetLinkUsed, messages.resetLinkExpired, messages.resetLinkInvalid]) {
    it(`a refused link ("${message}") is said on the page, with the way to request a new one`, async () => {
      calls = mockServer({ 'POST /api/user/reset': [400, { success: false, message }] }).calls;
      const user = userEvent.setup();
      openLink('old-token');
      await user.type(await screen.findByLabelText('New password'), newPassword);
      await user.type(screen.getByLabelText('Confirm password'), newPassword);
      await user.click(screen.getByRole('button', { name: 'Set new password' }));

      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(notify.success).not.toHaveBeenCalled();
      expect(localStorage.getItem('token')).toBeNull();
      await user.click(screen.getByRole('link', { name: 'Request a new link' }));
      expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeTruthy();
      expect(screen.getByLabelText('Email')).toBeTruthy();
    });
  }

  it('takes over the prerendered /reset without a mismatch, then shows the new-password form', async () => {
    calls = mockServer({}).calls;
    window.history.replaceState(null, '', '/reset#token=link-token');
    const html = renderToString(app('/reset#token=link-token'));
    // The build prerenders /reset once, for every address: the e-mail form.
    expect(html).toContain('Reset Password');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, app('/reset#token=link-token'), {
        onRecoverableError: (error) => void recoverable.push(error),
      });
    });
    expect(container.textContent).toContain('Choose a new password');
    expect(recoverable).toEqual([]);
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');
  });
});
