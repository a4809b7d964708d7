import type { AdminUserResponse } from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { polyfillDialog } from '../../../components/ui/dialog-test-kit.ts';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer, type Answer, type Call } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdminConsole } from '../admin-console.tsx';

const id = '11111111-1111-4111-8111-111111111111';
const summary = {
  id,
  name: 'Ada Lovelace',
  email: 'ada@lumigen.example',
  role: 'customer' as const,
  creditBalance: 5,
  creditsOwed: 0,
  emailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  suspendedAt: null,
  deletedAt: null,
};

function detail(balance: number): AdminUserResponse {
  return {
    success: true,
    user: { ...summary, creditBalance: balance },
    ledger: [
      {
        id: '1',
        createdAt: '2026-11-20T10:00:00.000Z',
        description: 'Sign-up bonus',
        reason: 'signup_bonus',
        delta: 5,
        balanceAfter: 5,
        imageId: null,
      },
    ],
    purchases: [],
    jobs: [
      {
        id: '22222222-2222-4222-8222-222222222222',
        kind: 'upscale',
        status: 'failed',
        createdAt: '2026-11-21T10:00:00.000Z',
        finishedAt: '2026-11-21T10:00:05.000Z',
        errorCode: 'provider_failed',
        message: 'The provider failed',
        attempts: [
          {
            seq: 1,
            provider: 'stability',
            endpoint: '/upscale',
            status: 500,
            ms: 812,
            outcome: 'failed',
            costUsd: null,
          },
        ],
      },
    ],
    images: [],
    sessions: [],
    apiKeys: [],
    actions: [],
  };
}

const renderConsole = () =>
  renderWithProviders(<AdminConsole notFound={<h1>Nothing here</h1>} />, {
    token: 't',
    path: `/admin/users`,
    route: '/admin/*',
  });

describe('customers in the console', () => {
  beforeAll(polyfillDialog);

  it('searches by what the operator types and says when nothing matches', async () => {
    const server = mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/users': (call) => [
        200,
        { success: true, users: call.query.get('q') === 'nobody' ? [] : [summary] },
      ],
    });
    renderConsole();
    const person = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
    await person.type(screen.getByLabelText('Search customers'), 'nobody');
    expect(await screen.findByText('No customer matches “nobody”.')).toBeTruthy();
    expect(server.calls.some((call) => call.query.get('q') === 'nobody')).toBe(true);
  });

  it('opens a customer, grants 3 credits with a reason and the password, and shows the new balance', async () => {
    let balance = 5;
    const granted: unknown[] = [];
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/users': [200, { success: true, users: [summary] }],
      'GET /api/admin/users/:id': () => [200, detail(balance)],
      'POST /api/admin/confirm': [
        200,
        {
          success: true,
          message: messages.admin.confirmed,
          confirmedUntil: new Date(Date.now() + 900_000).toISOString(),
        },
      ],
      'POST /api/admin/users/:id/credits': (call) => {
        granted.push(call.body);
        balance += 3;
        return [
          200,
          { success: true, message: messages.admin.creditsGranted(3, balance), actionId: '9', creditBalance: balance },
        ];
      },
    });
    renderConsole();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeTruthy();
    expect(screen.getByText(/stability \/upscale: failed \(HTTP 500\), 812 ms/)).toBeTruthy();
    expect(screen.getByText('5 credits')).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Grant credits' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Credits to grant/) as HTMLInputElement).value).toBe('3');
    await person.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Failed batch refund');
    await person.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await person.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('8 credits')).toBeTruthy();
    expect(granted).toEqual([{ delta: 3, reason: 'Failed batch refund' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes a session and a key with a reason, the key as a dangerous change', async () => {
    const revoked: Array<{ path: string; body: unknown }> = [];
    const changed = (call: Call): Answer => {
      revoked.push({ path: call.path, body: call.body });
      return [200, { success: true, message: 'Revoked.', actionId: '9' }];
    };
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/users/:id': [
        200,
        {
          ...detail(5),
          sessions: [
            {
              id: 's1',
              device: 'Firefox on Linux',
              createdAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
          apiKeys: [
            {
              id: '33333333-3333-4333-8333-333333333333',
              name: 'Nightly',
              prefix: 'lk_abcdefgh',
              scopes: ['generate'],
              dailyCreditCap: null,
              createdAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: null,
              spentToday: 0,
            },
          ],
        },
      ],
      'POST /api/admin/confirm': [
        200,
        {
          success: true,
          message: messages.admin.confirmed,
          confirmedUntil: new Date(Date.now() + 900_000).toISOString(),
        },
      ],
      'POST /api/admin/users/:id/sessions/:itemId/revoke': changed,
      'POST /api/admin/users/:id/keys/:itemId/revoke': changed,
    });
    renderWithProviders(<AdminConsole notFound={<h1>Nothing here</h1>} />, {
      token: 't',
      path: `/admin/users/${id}`,
      route: '/admin/*',
    });
    const person = userEvent.setup();

    await person.click(await screen.findByRole('button', { name: 'Revoke the session on Firefox on Linux' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke the session on Firefox on Linux' });
    await person.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Lost laptop');
    await person.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    const confirmSession = within(dialog).getByRole('button', { name: 'Revoke' });
    expect(confirmSession.className).toContain('button--primary');
    await person.click(confirmSession);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const keyRow = screen.getByText('Nightly').closest('tr')!;
    expect(within(keyRow).getByText('Never')).toBeTruthy();
    await person.click(within(keyRow).getByRole('button', { name: 'Revoke the key Nightly' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the key Nightly' });
    await person.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Key leaked');
    const confirmKey = within(dialog).getByRole('button', { name: 'Revoke' });
    expect(confirmKey.className).toContain('button--danger');
    await person.click(confirmKey);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(revoked).toEqual([
      { path: `/api/admin/users/${id}/sessions/s1/revoke`, body: { reason: 'Lost laptop' } },
      {
        path: `/api/admin/users/${id}/keys/33333333-3333-4333-8333-333333333333/revoke`,
        body: { reason: 'Key leaked' },
      },
    ]);
  });

  it('says so when a customer cannot be loaded', async () => {
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/users/:id': [404, { success: false, message: messages.notFound }],
    });
    renderWithProviders(<AdminConsole notFound={<h1>Nothing here</h1>} />, {
      token: 't',
      path: `/admin/users/${id}`,
      route: '/admin/*',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.notFound);
  });
});
