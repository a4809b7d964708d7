import { messages } from '@lumigen/contract/messages';
import type { SessionSummary } from '@lumigen/contract/accounts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const session = (id: string, device: string, lastUsedAt: string, current = false): SessionSummary => ({
  id,
  device,
  createdAt: '2026-11-01T09:30:00.000Z',
  lastUsedAt,
  current,
});

let sessions: SessionSummary[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  sessions = [
    session('s-phone', 'Safari on iPhone', '2026-11-18T07:00:00.000Z'),
    session('s-here', 'Chrome on Linux', '2026-11-24T08:00:00.000Z', true),
    session('s-work', 'Firefox on Windows', '2026-11-20T18:15:00.000Z'),
  ];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function sessionsServer() {
  return mockServer({
    'GET /api/user/sessions': () => [200, { success: true, sessions }],
    'POST /api/user/sessions/s-phone/revoke': () => {
      sessions = sessions.filter((s) => s.id !== 's-phone');
      return [200, { success: true, message: messages.sessionRevoked }];
    },
    'POST /api/user/logout-others': () => {
      sessions = sessions.filter((s) => s.current);
      return [200, { success: true, message: messages.otherSessionsEnded }];
    },
  });
}

describe('Sessions', () => {
  it('lists every device, this one first and marked, the others each with Sign out', async () => {
    sessionsServer();
    renderWithProviders(<SessionsSection />, { path: '/profile', route: '/profile' });

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.sessions__device')?.textContent)).toEqual([
      'Chrome on LinuxThis device',
      'Firefox on Windows',
      'Safari on iPhone',
    ]);
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /^Sign out Firefox on Windows/ })).toBeTruthy();
    expect(items[0]!.querySelectorAll('time')[1]?.getAttribute('dateTime')).toBe('2026-11-24T08:00:00.000Z');
  });

  it('signs out one other session, and the list reloads without it', async () => {
    const server = sessionsServer();
    const person = userEvent.setup();
    renderWithProviders(<SessionsSection />, { path: '/profile', route: '/profile' });

    await person.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect(notify.success).toHaveBeenCalledWith(messages.sessionRevoked);
    await screen.findByRole('button', { name: /^Sign out Firefox on Windows/ });
    expect(screen.queryByText('Safari on iPhone')).toBeNull();
    expect(server.callsTo('POST', '/api/user/sessions/s-phone/revoke')).toHaveLength(1);
  });

  it('signs out all the others at once; then only this device is left', async () => {
    const server = sessionsServer();
    const person = userEvent.setup();
    renderWithProviders(<SessionsSection />, { path: '/profile', route: '/profile' });

    await person.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(messages.otherSessionsEnded);
    // The keys go too unless the box is unticked.
    expect(server.callsTo('POST', '/api/user/logout-others').map((call) => call.body)).toEqual([
      { revokeApiKeys: true },
    ]);
  });

  it('keeps the API keys when "Also revoke every API key" is unticked', async () => {
    const server = sessionsServer();
    const person = userEvent.setup();
    renderWithProviders(<SessionsSection />, { path: '/profile', route: '/profile' });

    const box = await screen.findByRole('checkbox', { name: 'Also revoke every API key' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await person.click(box);
    await person.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/logout-others').map((call) => call.body)).toEqual([
      { revokeApiKeys: false },
    ]);
  });

  it('a failed load says so', async () => {
    mockServer({ 'GET /api/user/sessions': [500, { success: false, message: messages.internal('req-1') }] });
    renderWithProviders(<SessionsSection />, { path: '/profile', route: '/profile' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Your sessions could not be loaded: ${messages.internal('req-1')}`,
    );
  });
});
