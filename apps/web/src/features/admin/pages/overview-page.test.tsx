import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, networkError } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ConfirmationProvider } from '../components/confirmation.tsx';
import { OverviewPage } from './overview-page.tsx';
import { overviewAnswer } from './reports-fixtures.ts';

afterEach(cleanup);

// jsdom has no canvas: the charts' drawing is uPlot's; here each chart records what it was handed.
const drawn = vi.hoisted(() => [] as Array<{ series: string[]; data: number[][] }>);
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(options: { series: Array<{ label?: string }> }, data: number[][]) {
      drawn.push({ series: options.series.slice(1).map((one) => one.label ?? ''), data });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const page = () => (
  <ConfirmationProvider>
    <OverviewPage />
  </ConfirmationProvider>
);

describe('the console overview', () => {
  it('says it is loading, then shows the totals, a chart per group and the numbers behind each in a table', async () => {
    const api = mockServer({
      'GET /api/admin/overview': [
        200,
        overviewAnswer({
          signups: 4,
          confirmed: 3,
          payingCustomers: 2,
          creditsSold: 40,
          revenueCents: 3400,
          providerCostCents: 120,
          marginCents: 3280,
          refunds: 1,
        }),
      ],
    });
    drawn.length = 0;
    renderWithProviders(page(), { token: 'admin-token' });
    expect(screen.getByRole('status')?.textContent).toContain('Loading the overview');

    const totals = await screen.findByText('Sign-ups', { selector: 'dt' });
    expect(totals.nextSibling?.textContent).toContain('4');
    expect(screen.getByText('Revenue', { selector: 'dt' }).nextSibling?.textContent).toContain('$34');
    expect(screen.getByText('Margin', { selector: 'dt' }).nextSibling?.textContent).toContain('$32.80');
    expect(api.callsTo('GET', '/api/admin/overview')[0]!.query.get('days')).toBe('30');

    // Every chart's numbers are in a table a screen reader reads; the canvas is hidden from it.
    const customers = screen.getByRole('table', { name: 'Customers, by day' });
    const busyRow = within(customers).getByRole('row', { name: /Nov 27/ });
    expect(
      within(busyRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3', '2']);
    expect(screen.getByRole('table', { name: 'Money, by day' })?.textContent).toContain('$32.80');
    await vi.waitFor(() => expect(drawn).toHaveLength(4));
    expect(drawn[0]).toEqual({
      series: ['Sign-ups', 'Confirmed', 'Paying customers'],
      data: [expect.any(Array), [0, 4, 0], [0, 3, 0], [0, 2, 0]],
    });

    // "Show table" shows the same table to everyone, from the keyboard.
    const toggle = screen.getAllByRole('button', { name: 'Show table' })[0]!;
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle?.textContent).toContain('Hide table');
  });

  it('says when nothing happened in the period', async () => {
    mockServer({ 'GET /api/admin/overview': [200, overviewAnswer()] });
    renderWithProviders(page(), { token: 'admin-token' });
    expect(await screen.findByText(/Nothing happened in these 30 days/)).toBeTruthy();
  });

  it('says what went wrong and asks again on "Try again"', async () => {
    let calls = 0;
    mockServer({
      'GET /api/admin/overview': () => {
        calls += 1;
        return calls === 1 ? networkError() : [200, overviewAnswer({ signups: 1 })];
      },
    });
    renderWithProviders(page(), { token: 'admin-token' });
    expect((await screen.findByRole('alert'))?.textContent).toContain('The overview could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sign-ups', { selector: 'dt' })).toBeTruthy();
  });
});
