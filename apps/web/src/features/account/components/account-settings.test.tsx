import { messages } from '@lumigen/contract/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { EmailSection } from './email-section.tsx';
import { NameSection } from './name-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ada } from '../../../test/answers.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const user = { id: 'u1', creditBalance: 5, emailVerified: true, role: 'customer' };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Name', () => {
  it('edits the name in place: saved, the session re-read, a toast, and the focus back on Edit', async () => {
    let name = ada.name;
    const server = mockServer({
      'POST /api/image/get-credit': () => [
        200,
        {
          success: true,
          message: messages.creditLoaded,
          creditBalance: 5,
          name,
          email: ada.email,
          emailVerified: true,
          role: 'customer',
        },
      ],
      'POST /api/user/update': (call) => {
        name = (call.body as { name: string }).name;
        return [200, { success: true, message: messages.profileUpdated, user: { ...user, name, email: ada.email } }];
      },
    });
    const person = userEvent.setup();
    renderWithProviders(<NameSection />, { path: '/profile', route: '/profile' });

    expect(await screen.findByText('Ada')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Edit name' }));
    const field = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(field.value).toBe('Ada');
    expect(document.activeElement).toBe(field);
    await person.clear(field);
    await person.type(field, '  Grace Hopper ');
    await person.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/update').map((call) => call.body)).toEqual([{ name: 'Grace Hopper' }]);
    expect(server.callsTo('POST', '/api/image/get-credit').length).toBeGreaterThanOrEqual(2);
    expect(notify.success).toHaveBeenCalledWith(messages.profileUpdated);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit name' })));
  });

  it('an empty name is refused at the field; Escape leaves without saving', async () => {
    const server = mockServer({});
    const person = userEvent.setup();
    renderWithProviders(<NameSection />, { path: '/profile', route: '/profile' });

    await person.click(await screen.findByRole('button', { name: 'Edit name' }));
    await person.clear(screen.getByRole('textbox', { name: 'Name' }));
    await person.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');

    await person.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/update')).toHaveLength(0);
  });
});

describe('E-mail', () => {
  it('sends the new address with the password and shows what the server said; nothing changes here yet', async () => {
    const server = mockServer({
      'POST /api/user/change-email': (call) => [
        200,
        { success: true, message: messages.emailChangeRequested((call.body as { email: string }).email) },
      ],
    });
    const person = userEvent.setup();
    renderWithProviders(<EmailSection />, { path: '/profile', route: '/profile' });

    const section = await screen.findByRole('region', { name: 'E-mail' });
    expect(await within(section).findByText(ada.email)).toBeTruthy();
    await person.type(within(section).getByLabelText('New e-mail address'), ' Grace@Lumigen.example ');
    await person.type(within(section).getByLabelText('Current password'), 'correct horse');
    await person.click(within(section).getByRole('button', { name: 'Change e-mail' }));

    expect((await within(section).findByRole('status')).textContent).toBe(
      messages.emailChangeRequested('grace@lumigen.example'),
    );
    expect(server.callsTo('POST', '/api/user/change-email').map((call) => call.body)).toEqual([
      { email: 'grace@lumigen.example', password: 'correct horse' },
    ]);
    expect((within(section).getByLabelText('New e-mail address') as HTMLInputElement).value).toBe('');
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(within(section).getByText(ada.email)).toBeTruthy();
  });

  it('a wrong password is marked on the password field; an invalid address is not sent', async () => {
    const server = mockServer({
      'POST /api/user/change-email': [400, { success: false, message: messages.wrongPassword }],
    });
    const person = userEvent.setup();
    renderWithProviders(<EmailSection />, { path: '/profile', route: '/profile' });

    await person.type(await screen.findByLabelText('New e-mail address'), 'not-an-address');
    await person.type(screen.getByLabelText('Current password'), 'guess');
    await person.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/change-email')).toHaveLength(0);

    await person.clear(screen.getByLabelText('New e-mail address'));
    await person.type(screen.getByLabelText('New e-mail address'), 'grace@lumigen.example');
    await person.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(messages.wrongPassword)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Password', () => {
  it('the new password must be typed twice alike before anything is sent', async () => {
    const server = mockServer({});
    const person = userEvent.setup();
    renderWithProviders(<PasswordSection />, { path: '/profile', route: '/profile' });

    await person.type(screen.getByLabelText('Current password'), 'old password');
    await person.type(screen.getByLabelText('New password'), 'new password 1');
    await person.type(screen.getByLabelText('Confirm new password'), 'new password 2');
    await person.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(messages.passwordsDiffer)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/change-password')).toHaveLength(0);
  });

  it('changes it: the two passwords and "revoke the keys" (ticked by default) are sent, the message shows, and this session stays', async () => {
    const server = mockServer({
      'POST /api/user/change-password': [200, { success: true, message: messages.passwordChanged }],
    });
    const person = userEvent.setup();
    renderWithProviders(<PasswordSection />, { path: '/profile', route: '/profile' });

    await person.type(screen.getByLabelText('Current password'), 'old password');
    await person.type(screen.getByLabelText('New password'), 'a much better one');
    await person.type(screen.getByLabelText('Confirm new password'), 'a much better one');
    await person.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.passwordChanged);
    expect(server.callsTo('POST', '/api/user/change-password').map((call) => call.body)).toEqual([
      { currentPassword: 'old password', newPassword: 'a much better one', revokeApiKeys: true },
    ]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(screen.getByTestId('where').textContent).toBe('/profile');
  });

  it('keeps the API keys when the box is unticked', async () => {
    const server = mockServer({
      'POST /api/user/change-password': [200, { success: true, message: messages.passwordChanged }],
    });
    const person = userEvent.setup();
    renderWithProviders(<PasswordSection />, { path: '/profile', route: '/profile' });

    await person.type(screen.getByLabelText('Current password'), 'old password');
    await person.type(screen.getByLabelText('New password'), 'a much better one');
    await person.type(screen.getByLabelText('Confirm new password'), 'a much better one');
    await person.click(screen.getByRole('checkbox', { name: 'Also revoke every API key' }));
    await person.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.passwordChanged);
    expect(server.callsTo('POST', '/api/user/change-password').map((call) => call.body)).toEqual([
      { currentPassword: 'old password', newPassword: 'a much better one', revokeApiKeys: false },
    ]);
  });

  it('a wrong current password is marked on its field', async () => {
    mockServer({ 'POST /api/user/change-password': [400, { success: false, message: messages.wrongCurrentPassword }] });
    const person = userEvent.setup();
    renderWithProviders(<PasswordSection />, { path: '/profile', route: '/profile' });

    await person.type(screen.getByLabelText('Current password'), 'wrong');
    await person.type(screen.getByLabelText('New password'), 'a much better one');
    await person.type(screen.getByLabelText('Confirm new password'), 'a much better one');
    await person.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(messages.wrongCurrentPassword)).toBeTruthy();
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);
  });
});
