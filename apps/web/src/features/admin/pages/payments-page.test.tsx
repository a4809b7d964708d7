import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PaymentsPage } from './payments-page.tsx';
import { paymentsAnswer } from './reports-fixtures.ts';

afterEach(cleanup);

vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

describe('the console payments page', () => {
  it('lists each purchase with its customer and its Stripe page, and who still owes credits', async () => {
    const api = mockServer({ 'GET /api/admin/payments': [200, paymentsAnswer()] });
    renderWithProviders(<PaymentsPage />, { token: 'admin-token', path: '/admin/payments', route: '/admin/payments' });
    expect(screen.getByRole('status')?.textContent).toContain('Loading the payments');

    const disputed = (await screen.findByRole('cell', { name: /Disputed/ })).closest('tr')!;
    expect(disputed?.textContent).toContain('$29');
    expect(disputed?.textContent).toContain('35 taken back, 7 short');
    expect(within(disputed).getByRole('link', { name: 'Stripe: pi_3Abc' }).getAttribute('href')).toBe(
      'https://dashboard.stripe.com/payments/pi_3Abc',
    );
    // A test-mode payment has no page at a provider.
    const local = screen.getByRole('cell', { name: 'Paid' }).closest('tr')!;
    expect(within(local).getAllByRole('link')).toHaveLength(1);
    expect(local?.textContent).toContain('Test payment (pi_local_1)');

    const shortfalls = screen.getByRole('heading', { name: 'Open shortfalls' }).nextElementSibling!;
    expect(shortfalls?.textContent).toContain('7');
    await userEvent.click(within(disputed).getByRole('link', { name: 'ada@example.com' }));
    expect(screen.getByTestId('where')?.textContent).toContain('/admin/users/7f3c2b1a-0000-4000-8000-000000000001');
    expect(api.callsTo('GET', '/api/admin/payments')[0]!.query.get('days')).toBe('30');
  });

  it('says when there were no purchases and nobody owes anything', async () => {
    mockServer({ 'GET /api/admin/payments': [200, paymentsAnswer({ purchases: [], shortfalls: [] })] });
    renderWithProviders(<PaymentsPage />, { token: 'admin-token' });
    expect(await screen.findByText('No payment was started in these 30 days.')).toBeTruthy();
    expect(screen.getByText(/Nobody owes credits/)).toBeTruthy();
    // The day table is still there for a screen reader.
    expect(screen.getByRole('table', { name: 'Amount credited, by day' })?.textContent).toContain('$34');
  });

  it('says what went wrong', async () => {
    mockServer({ 'GET /api/admin/payments': [503, { success: false, message: 'Service unavailable right now' }] });
    renderWithProviders(<PaymentsPage />, { token: 'admin-token' });
    expect((await screen.findByRole('alert'))?.textContent).toContain('The payments could not be loaded');
  });
});
