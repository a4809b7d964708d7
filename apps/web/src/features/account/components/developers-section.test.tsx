import type { ApiKeySummary } from '@lumigen/contract/api-keys';
import { messages } from '@lumigen/contract/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DevelopersSection } from './developers-section.tsx';
import { polyfillDialog } from '../../../components/ui/dialog-test-kit.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const newKey = `lk_${'Q'.repeat(43)}`;
const keyId = '44444444-4444-4444-8444-444444444444';
let keys: ApiKeySummary[];

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
  keys = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function keysServer() {
  return mockServer({
    'GET /api/keys': () => [200, { success: true, keys }],
    'POST /api/keys': (call) => {
      const body = call.body as { name: string; scopes: ApiKeySummary['scopes']; dailyCreditCap: number | null };
      keys = [
        {
          id: keyId,
          name: body.name,
          prefix: newKey.slice(0, 11),
          scopes: body.scopes,
          dailyCreditCap: body.dailyCreditCap,
          createdAt: '2026-11-24T08:00:00.000Z',
          lastUsedAt: null,
          spentToday: 0,
        },
      ];
      return [201, { success: true, id: keyId, key: newKey }];
    },
    [`DELETE /api/keys/${keyId}`]: () => {
      keys = [];
      return [200, { success: true, message: messages.apiKey.revokedDone }];
    },
  });
}

describe('Developers', () => {
  it('says there are no keys yet', async () => {
    keysServer();
    renderWithProviders(<DevelopersSection />, { path: '/profile', route: '/profile' });
    expect(await screen.findByText('No keys yet. Create one to call Lumigen from your own code.')).toBeTruthy();
  });

  it('sends the name, the scopes ticked and the cap, then shows the key once and lists it by its prefix', async () => {
    const server = keysServer();
    const user = userEvent.setup();
    renderWithProviders(<DevelopersSection />, { path: '/profile', route: '/profile' });
    await screen.findByText(/No keys yet/);
    await user.type(screen.getByLabelText('Name'), 'Nightly thumbnails');
    await user.click(screen.getByRole('checkbox', { name: /^Read/ }));
    await user.type(screen.getByLabelText('Daily credit cap (optional)'), '25');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('region', { name: 'Your new key “Nightly thumbnails”' });
    expect(within(shown).getByLabelText<HTMLInputElement>('API key').value).toBe(newKey);
    expect(within(shown).getByText('Copy it now: you won’t see it again.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/keys')[0]!.body).toEqual({
      name: 'Nightly thumbnails',
      scopes: ['generate', 'tools'],
      dailyCreditCap: 25,
    });
    const row = await screen.findByRole('listitem');
    expect(within(row).getByText(`${newKey.slice(0, 11)}…`)).toBeTruthy();
    expect(within(row).getByText('Spent 0 of 25 credits today')).toBeTruthy();

    // Dismissed, it is gone for good: only the prefix remains.
    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByDisplayValue(newKey)).toBeNull();
    expect(screen.getByRole('form', { name: 'Create an API key' })).toBeTruthy();
  });

  it('refuses a cap that is not a whole number, and no scope at all, before anything is sent', async () => {
    const server = keysServer();
    const user = userEvent.setup();
    renderWithProviders(<DevelopersSection />, { path: '/profile', route: '/profile' });
    await screen.findByText(/No keys yet/);
    await user.type(screen.getByLabelText('Name'), 'x');
    for (const name of [/^Generate/, /^Tools/, /^Read/]) await user.click(screen.getByRole('checkbox', { name }));
    await user.type(screen.getByLabelText('Daily credit cap (optional)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(screen.getByText(/^Enter a whole number from 1 to/)).toBeTruthy();
    expect(server.callsTo('POST', '/api/keys')).toEqual([]);
  });

  it('revokes a key only once confirmed', async () => {
    keys = [
      {
        id: keyId,
        name: 'Old script',
        prefix: 'lk_AbCdEfGh',
        scopes: ['tools'],
        dailyCreditCap: null,
        createdAt: '2026-11-01T08:00:00.000Z',
        lastUsedAt: '2026-11-20T08:00:00.000Z',
        spentToday: 2,
      },
    ];
    const server = keysServer();
    const user = userEvent.setup();
    renderWithProviders(<DevelopersSection />, { path: '/profile', route: '/profile' });
    const row = await screen.findByRole('listitem');
    expect(within(row).getByText('Spent 2 credits today')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /^Revoke the key Old script/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/api/keys/${keyId}`)).toEqual([]);
    await user.click(within(row).getByRole('button', { name: /^Revoke the key Old script/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(/No keys yet/)).toBeTruthy();
    expect(server.callsTo('DELETE', `/api/keys/${keyId}`)).toHaveLength(1);
  });
});
