import { messages } from '@lumigen/contract/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { ExportSection } from './export-section.tsx';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Export your data', () => {
  it('fetches the ZIP with the session’s token and saves it as lumigen-export.zip', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const server = mockServer({
      'GET /api/user/export': () => new Response(zip, { status: 200, headers: { 'content-type': 'application/zip' } }),
    });
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const person = userEvent.setup();
    renderWithProviders(<ExportSection />, { path: '/profile', route: '/profile' });

    await person.click(screen.getByRole('button', { name: 'Download my data' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your data was saved as lumigen-export.zip.');
    expect(clicked).toEqual([{ href: 'blob:export', download: 'lumigen-export.zip' }]);
    expect(new Uint8Array(await saved!.arrayBuffer())).toEqual(zip);
    expect(server.callsTo('GET', '/api/user/export').map((call) => call.token)).toEqual(['test-token']);
  });

  it('a refused export says why, and nothing is saved', async () => {
    mockServer({ 'GET /api/user/export': [429, { success: false, message: messages.rateLimited(600) }] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const person = userEvent.setup();
    renderWithProviders(<ExportSection />, { path: '/profile', route: '/profile' });

    await person.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The export could not be made: ${messages.rateLimited(600)}`,
    );
    expect(click).not.toHaveBeenCalled();
  });
});

describe('Delete account', () => {
  it('needs the password and the box ticked before anything is sent', async () => {
    const server = mockServer({});
    const person = userEvent.setup();
    renderWithProviders(<DeleteAccountSection />, { path: '/profile', route: '/profile' });

    await person.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Tick the box to confirm that you want to delete your account')).toBeTruthy();
    await person.type(screen.getByLabelText('Password'), 'correct horse');
    await person.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText('Tick the box to confirm that you want to delete your account')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/delete')).toHaveLength(0);
  });

  it('a wrong password is marked on the field and the account stays', async () => {
    mockServer({ 'POST /api/user/delete': [400, { success: false, message: messages.wrongPassword }] });
    const person = userEvent.setup();
    renderWithProviders(<DeleteAccountSection />, { path: '/profile', route: '/profile' });

    await person.type(screen.getByLabelText('Password'), 'wrong');
    await person.click(screen.getByRole('checkbox'));
    await person.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText(messages.wrongPassword)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(screen.getByTestId('where').textContent).toBe('/profile');
  });

  it('deleted: the session is forgotten without a logout call, home with the server’s message', async () => {
    const server = mockServer({ 'POST /api/user/delete': [200, { success: true, message: messages.accountDeleted }] });
    const person = userEvent.setup();
    renderWithProviders(<DeleteAccountSection />, { path: '/profile', route: '/profile' });

    await person.type(screen.getByLabelText('Password'), 'correct horse');
    await person.click(screen.getByRole('checkbox'));
    await person.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    // Forgotten as the profile unmounts, in the effects that follow the home page's commit.
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith(messages.accountDeleted);
    expect(server.callsTo('POST', '/api/user/delete').map((call) => call.body)).toEqual([
      { password: 'correct horse' },
    ]);
    expect(server.callsTo('POST', '/api/user/logout')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});
