import { messages } from '@lumigen/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { polyfillDialog } from '../../components/ui/dialog-test-kit.ts';
import { AdminRoute } from './admin.tsx';
import { AccountActions } from '../layout/account-actions.tsx';
import { apiPost } from '../../lib/api.ts';
import { creditAnswer } from '../../test/answers.ts';
import { mockServer } from '../../test/mock-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangeDialog } from '../../features/admin/components/change-dialog.tsx';
import { ConfirmationProvider } from '../../features/admin/components/confirmation.tsx';

const emptyLog = [200, { success: true, actions: [], nextCursor: null }] as const;

describe('the operator console', () => {
  it('shows a customer the not-found page, and no Admin link in the header', async () => {
    mockServer({ 'POST /api/image/get-credit': creditAnswer({ role: 'customer' }) });
    renderWithProviders(
      <>
        <AccountActions />
        <AdminRoute />
      </>,
      { token: 't', path: '/admin', route: '/admin/*' },
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Hi, Ada')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows a visitor the not-found page', async () => {
    mockServer({});
    renderWithProviders(<AdminRoute />, { path: '/admin/users', route: '/admin/*' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('gives an admin the Admin link and the console with every section', async () => {
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/actions': [...emptyLog],
    });
    renderWithProviders(
      <>
        <AccountActions />
        <AdminRoute />
      </>,
      { token: 't', path: '/admin/actions', route: '/admin/*' },
    );
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Customers', 'Payments', 'Jobs', 'Providers', 'Prices', 'Audit log']);
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('No operator has changed anything yet.')).toBeTruthy();
  });

  it('lists the audit log and loads older entries', async () => {
    const entry = (id: string) => ({
      id,
      createdAt: '2026-11-28T08:00:00.000Z',
      adminId: 'a1',
      adminEmail: 'grace@lumigen.example',
      action: 'credits.adjust',
      targetUserId: '11111111-1111-4111-8111-111111111111',
      targetEmail: 'ada@lumigen.example',
      reason: `Reason ${id}`,
      before: { creditBalance: 1 },
      after: { creditBalance: 4 },
    });
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/actions': (call) =>
        call.query.get('cursor') === '2'
          ? [200, { success: true, actions: [entry('1')], nextCursor: null }]
          : [200, { success: true, actions: [entry('3'), entry('2')], nextCursor: '2' }],
    });
    renderWithProviders(<AdminRoute />, { token: 't', path: '/admin/actions', route: '/admin/*' });
    expect(await screen.findByText('Reason 3')).toBeTruthy();
    expect(screen.getAllByText('Before: creditBalance: 1')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Reason 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('the change dialog', () => {
  beforeAll(polyfillDialog);

  function Harness({ onMessage }: { onMessage: (text: string) => void }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmationProvider>
        {open ? (
          <ChangeDialog
            title="Grant credits"
            confirmLabel="Grant"
            onClose={() => setOpen(false)}
            run={async (reason) => {
              const answer = await apiPost<{ message: string }>(
                '/api/admin/users/11111111-1111-4111-8111-111111111111/credits',
                { delta: 3, reason },
              );
              onMessage(answer.message);
              return answer;
            }}
          />
        ) : (
          <button type="button" onClick={() => setOpen(true)}>
            Again
          </button>
        )}
      </ConfirmationProvider>
    );
  }

  it('asks the password first, then a second change within 15 minutes goes without it', async () => {
    const confirmed: unknown[] = [];
    const changes: unknown[] = [];
    mockServer({
      'POST /api/admin/confirm': (call) => {
        confirmed.push(call.body);
        return [
          200,
          {
            success: true,
            message: messages.admin.confirmed,
            confirmedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
          },
        ];
      },
      'POST /api/admin/users/:id/credits': (call) => {
        changes.push(call.body);
        return [200, { success: true, message: messages.admin.creditsGranted(3, 8), actionId: '7', creditBalance: 8 }];
      },
    });
    const seen: string[] = [];
    renderWithProviders(<Harness onMessage={(text) => seen.push(text)} />, { token: 't' });
    const person = userEvent.setup();

    await person.click(screen.getByRole('button', { name: 'Grant' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Reason must be at least/);
    expect(changes).toEqual([]);

    await person.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Goodwill after an outage');
    await person.type(screen.getByLabelText('Your password'), 'correct horse battery');
    await person.click(screen.getByRole('button', { name: 'Grant' }));
    await person.click(await screen.findByRole('button', { name: 'Again' }));
    expect(confirmed).toEqual([{ password: 'correct horse battery' }]);
    expect(changes).toEqual([{ delta: 3, reason: 'Goodwill after an outage' }]);
    expect(seen).toEqual([messages.admin.creditsGranted(3, 8)]);

    expect(screen.queryByLabelText('Your password')).toBeNull();
    await person.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Second grant');
    await person.click(screen.getByRole('button', { name: 'Grant' }));
    await screen.findByRole('button', { name: 'Again' });
    expect(confirmed).toHaveLength(1);
    expect(changes).toHaveLength(2);
  });

  it('asks for the password again when the server says the confirmation lapsed', async () => {
    mockServer({
      'POST /api/admin/users/:id/credits': [
        403,
        { success: false, message: messages.admin.confirmPassword, code: 'confirm_password' },
      ],
      'POST /api/admin/confirm': [400, { success: false, message: messages.admin.wrongPassword }],
    });
    renderWithProviders(<Harness onMessage={() => undefined} />, { token: 't' });
    const person = userEvent.setup();
    await person.type(screen.getByLabelText('Reason (kept in the audit log)'), 'A reason');
    await person.type(screen.getByLabelText('Your password'), 'wrong');
    await person.click(screen.getByRole('button', { name: 'Grant' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.admin.wrongPassword);
    expect(screen.getByLabelText('Your password')).toBeTruthy();
  });
});
