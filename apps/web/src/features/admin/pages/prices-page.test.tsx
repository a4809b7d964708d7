import { messages } from '@lumigen/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { polyfillDialog } from '../../../components/ui/dialog-test-kit.ts';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer, type Answer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ConfirmationProvider } from '../components/confirmation.tsx';
import { PricesPage } from './prices-page.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const price = (action: string, label: string, credits: number, updatedAt: string | null = null) => ({
  action,
  label,
  credits,
  updatedAt,
});
const listing = (generationCredits: number, updatedAt: string | null): Answer => [
  200,
  {
    success: true,
    prices: [
      price('generation', 'Generation (standard quality)', generationCredits, updatedAt),
      price('upscale', 'Upscale', 1),
    ],
  },
];

function renderPrices() {
  return renderWithProviders(
    <ConfirmationProvider>
      <PricesPage />
    </ConfirmationProvider>,
    { token: 't', path: '/admin/prices' },
  );
}

describe('/admin/prices', () => {
  beforeAll(polyfillDialog);

  it('lists each action with its price and when it last changed', async () => {
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ role: 'admin' }),
      'GET /api/admin/prices': listing(2, '2026-11-28T08:00:00.000Z'),
    });
    renderPrices();
    const row = within(
      (await screen.findByRole('rowheader', { name: 'Generation (standard quality)' })).closest('tr')!,
    );
    expect(row.getByText('2 credits')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Change Generation (standard quality)' })).toBeTruthy();
    const upscale = within(screen.getByRole('rowheader', { name: 'Upscale' }).closest('tr')!);
    expect(upscale.getByText('Default')).toBeTruthy();
  });

  it('says when the prices cannot be loaded', async () => {
    mockServer({ 'GET /api/admin/prices': [500, { success: false, message: 'Something went wrong' }] });
    renderPrices();
    expect((await screen.findByRole('alert')).textContent).toMatch(/The prices could not be loaded/);
  });

  it('changes a price with a reason and the password, refuses a price out of range, and shows the new one', async () => {
    const changes: unknown[] = [];
    let current = 1;
    mockServer({
      'GET /api/admin/prices': () => listing(current, current === 1 ? null : '2026-11-28T09:00:00.000Z'),
      'POST /api/admin/confirm': [
        200,
        {
          success: true,
          message: messages.admin.confirmed,
          confirmedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
        },
      ],
      'PUT /api/admin/prices/:action': (call) => {
        changes.push({ path: call.path, body: call.body });
        current = (call.body as { credits: number }).credits;
        return [
          200,
          {
            success: true,
            message: messages.admin.priceSet('Generation (standard quality)', current),
            actionId: '9',
            price: price('generation', 'Generation (standard quality)', current, '2026-11-28T09:00:00.000Z'),
          },
        ];
      },
    });
    renderPrices();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Change Generation (standard quality)' }));
    const dialog = within(screen.getByRole('dialog'));
    const field = dialog.getByLabelText('New price in credits');
    await person.clear(field);
    await person.type(field, '101');
    await person.type(dialog.getByLabelText('Reason (kept in the audit log)'), 'Our provider doubled its price');
    await person.type(dialog.getByLabelText('Your password'), 'correct horse battery');
    await person.click(dialog.getByRole('button', { name: 'Change price' }));
    expect(changes).toEqual([]);
    expect(dialog.getAllByText('Credits must be a whole number between 0 and 100').length).toBeGreaterThan(0);

    await person.clear(field);
    await person.type(field, '2');
    await person.click(dialog.getByRole('button', { name: 'Change price' }));
    const row = within((await screen.findByText('2 credits')).closest('tr')!);
    expect(row.getByRole('rowheader').textContent).toBe('Generation (standard quality)');
    expect(changes).toEqual([
      { path: '/api/admin/prices/generation', body: { credits: 2, reason: 'Our provider doubled its price' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
