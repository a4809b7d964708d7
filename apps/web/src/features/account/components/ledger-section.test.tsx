import type { LedgerEntry } from '@lumigen/contract/credits';
import { messages } from '@lumigen/contract/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LedgerSection } from './ledger-section.tsx';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const imageId = '0b7e5a0c-1a4e-4a5f-9a53-6f1f0b0c2d3e';
const entry = (
  id: string,
  description: string,
  delta: number,
  balanceAfter: number,
  image: string | null = null,
): LedgerEntry => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  description,
  reason: delta > 0 ? 'signup_bonus' : 'generation',
  delta,
  balanceAfter,
  imageId: image,
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Where your credits went', () => {
  it('each entry: what happened, the change signed and coloured, the balance after, and its image', async () => {
    mockServer({
      'GET /api/credits/ledger': [
        200,
        {
          success: true,
          entries: [entry('3', 'Image generation', -1, 4, imageId), entry('1', 'Sign-up bonus', 5, 5)],
          nextCursor: null,
        },
      ],
    });
    renderWithProviders(<LedgerSection />, { path: '/profile', route: '/profile' });

    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'What happened',
      'Change',
      'Balance after',
    ]);
    const [spent, bonus] = rows();
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(spent!)[1]!.textContent).toContain('Image generation');
    expect(cells(spent!)[2]!.textContent).toBe('\u22121');
    expect(cells(spent!)[2]!.className).toContain('ledger__delta--out');
    expect(cells(spent!)[3]!.textContent).toBe('4');
    expect(within(spent!).getByRole('link', { name: 'View image' }).getAttribute('href')).toBe(
      `/profile?view=${imageId}`,
    );
    expect(cells(bonus!)[2]!.textContent).toBe('+5');
    expect(cells(bonus!)[2]!.className).toContain('ledger__delta--in');
    expect(within(bonus!).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('Load more asks for the next page with the cursor and adds it below', async () => {
    const server = mockServer({
      'GET /api/credits/ledger': (call) =>
        call.query.get('cursor') === '41'
          ? [200, { success: true, entries: [entry('1', 'Sign-up bonus', 5, 5)], nextCursor: null }]
          : [200, { success: true, entries: [entry('42', 'Bought Popular · 35 credits', 35, 40)], nextCursor: '41' }],
    });
    const person = userEvent.setup();
    renderWithProviders(<LedgerSection />, { path: '/profile', route: '/profile' });

    await person.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('Sign-up bonus');
    expect(rows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      expect.stringContaining('Bought Popular · 35 credits'),
      expect.stringContaining('Sign-up bonus'),
    ]);
    expect(server.callsTo('GET', '/api/credits/ledger').map((call) => call.query.get('cursor'))).toEqual([null, '41']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('no entries: says what will appear here', async () => {
    mockServer({ 'GET /api/credits/ledger': [200, { success: true, entries: [], nextCursor: null }] });
    renderWithProviders(<LedgerSection />, { path: '/profile', route: '/profile' });
    expect(await screen.findByText(/Every credit you receive or spend will be listed here/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a failed load says so', async () => {
    mockServer({ 'GET /api/credits/ledger': [503, { success: false, message: messages.rateLimited(30) }] });
    renderWithProviders(<LedgerSection />, { path: '/profile', route: '/profile' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Your credit history could not be loaded: ${messages.rateLimited(30)}`,
    );
  });
});
