import { messages } from '@lumigen/contract/messages';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/session.tsx';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer, type Call, type Handler } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VerificationNotice } from './verification-notice.tsx';

function Balance() {
  const { credit } = useAuth();
  return <p>{credit === undefined ? 'Page' : `Page, ${credit} credits`}</p>;
}

function renderNotice(handlers: Record<string, Handler>) {
  calls = mockServer(handlers).calls;
  return renderWithProviders(
    <>
      <Balance />
      <VerificationNotice />
    </>,
  );
}

let calls: Call[];
const resends = () => calls.filter((call) => call.path === '/api/user/verify-resend');

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'session-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VerificationNotice', () => {
  it('asks an unconfirmed user to confirm, naming the address, as a status', async () => {
    renderNotice({ 'POST /api/image/get-credit': creditAnswer({ email: 'grace@lumigen.example' }) });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Confirm your e-mail address');
    expect(notice.textContent).toContain('Open the link we sent to grace@lumigen.example');
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeTruthy();
  });

  it('says nothing to a confirmed user, nor to a visitor', async () => {
    renderNotice({ 'POST /api/image/get-credit': creditAnswer({ emailVerified: true }) });
    // The session is loaded, and still no notice.
    expect(await screen.findByText('Page, 5 credits')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();

    localStorage.clear();
    renderNotice({});
    expect(screen.getByText('Page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('Resend link mails a new one: disabled while it is sent, then the server message', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderNotice({
      'POST /api/image/get-credit': creditAnswer(),
      'POST /api/user/verify-resend': async () => {
        await answered;
        return [200, { success: true, message: messages.verificationSent('ada@lumigen.example') }];
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(screen.getByRole('button', { name: 'Resend link' }).hasAttribute('disabled')).toBe(true);
    answer();
    expect(await screen.findByText(messages.verificationSent('ada@lumigen.example'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend link' }).hasAttribute('disabled')).toBe(false);
    expect(resends()).toHaveLength(1);
    expect(resends()[0]!.token).toBe('session-token');
  });

  it('too many resends: the rate-limit message, and the button works again', async () => {
    renderNotice({
      'POST /api/image/get-credit': creditAnswer(),
      'POST /api/user/verify-resend': [429, { success: false, message: messages.rateLimited(42) }],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(messages.rateLimited(42))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend link' }).hasAttribute('disabled')).toBe(false);
  });

  it('confirmed meanwhile elsewhere: the session is reloaded and the notice goes away', async () => {
    let verified = false;
    renderNotice({
      'POST /api/image/get-credit': () => creditAnswer({ emailVerified: verified }),
      'POST /api/user/verify-resend': () => {
        verified = true;
        return [400, { success: false, message: messages.alreadyVerified }];
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend link' }));
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls.filter((call) => call.path === '/api/image/get-credit')).toHaveLength(2);
  });
});
