import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { polyfillDialog } from '../../../components/ui/dialog-test-kit.ts';
import { ConfirmationProvider } from '../components/confirmation.tsx';
import { JobsPage } from './jobs-page.tsx';
import { jobAnswer } from './reports-fixtures.ts';

afterEach(cleanup);
polyfillDialog();

const page = () => (
  <ConfirmationProvider>
    <JobsPage />
  </ConfirmationProvider>
);

const succeeded = jobAnswer({
  id: '6e0c9d2a-1111-4222-8333-444455556666',
  status: 'succeeded',
  errorCode: null,
  message: null,
  retryable: false,
  attempts: [],
});

describe('the console jobs page', () => {
  it('shows failed jobs with their provider calls, pages on, and filters by status', async () => {
    const api = mockServer({
      'GET /api/admin/jobs': (call) =>
        call.query.get('status') === 'stuck'
          ? [200, { success: true, jobs: [], nextCursor: null }]
          : call.query.get('cursor') === 'next'
            ? [200, { success: true, jobs: [succeeded], nextCursor: null }]
            : [200, { success: true, jobs: [jobAnswer()], nextCursor: 'next' }],
    });
    renderWithProviders(page(), { token: 'admin-token' });
    expect(screen.getByRole('status')?.textContent).toContain('Loading the jobs');

    const failed = (await screen.findByText('The image service failed; your credit was refunded.')).closest('li')!;
    expect(failed?.textContent).toContain('Failed');
    expect(within(failed).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      '/admin/users/7f3c2b1a-0000-4000-8000-000000000001',
    );
    const calls = within(failed).getAllByRole('row').slice(1);
    expect(
      calls.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['openai', '/v1/images/generations', '500', 'retried', '812', '—'],
      ['openai', '/v1/images/generations', '502', 'provider_failed', '640', '—'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Succeeded', { selector: '.admin-job__status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/jobs')[1]!.query.get('cursor')).toBe('next');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Stuck');
    expect(await screen.findByText('No stuck jobs.')).toBeTruthy();
  });

  it('retries a failed job for the customer, charged, with a reason and the password', async () => {
    const job = jobAnswer();
    const api = mockServer({
      'GET /api/admin/jobs': [200, { success: true, jobs: [job], nextCursor: null }],
      'POST /api/admin/confirm': [
        200,
        { success: true, message: 'Confirmed', confirmedUntil: new Date(Date.now() + 900_000).toISOString() },
      ],
      'POST /api/admin/jobs/:id/retry': [
        200,
        {
          success: true,
          message: 'Job retried: the customer is charged as for any job.',
          actionId: '12',
          jobId: '9e0c9d2a-1111-4222-8333-444455556666',
          creditBalance: 4,
        },
      ],
    });
    renderWithProviders(page(), { token: 'admin-token' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry…' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry this job' });
    expect(within(dialog).getByRole('radio', { name: /Free/ }) as HTMLInputElement).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Charged/ }));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Provider outage, customer asked');
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry and charge' }));

    // Done: the dialog closes (the server's words go to a toast).
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `/api/admin/jobs/${job.id}/retry`)[0]!.body).toEqual({
      charge: true,
      reason: 'Provider outage, customer asked',
    });
    expect(api.callsTo('POST', '/api/admin/confirm')).toHaveLength(1);
    // The list is read again after the change.
    expect(api.callsTo('GET', '/api/admin/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('offers no retry for a job that cannot run again', async () => {
    mockServer({
      'GET /api/admin/jobs': [200, { success: true, jobs: [jobAnswer({ retryable: false })], nextCursor: null }],
    });
    renderWithProviders(page(), { token: 'admin-token' });
    expect(await screen.findByText('Failed', { selector: '.admin-job__status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry…' })).toBeNull();
  });

  it('says when there are no jobs, and what went wrong', async () => {
    mockServer({ 'GET /api/admin/jobs': [200, { success: true, jobs: [], nextCursor: null }] });
    const { unmount } = renderWithProviders(page(), { token: 'admin-token' });
    expect(await screen.findByText('No jobs yet.')).toBeTruthy();
    unmount();
    mockServer({ 'GET /api/admin/jobs': [503, { success: false, message: 'Service unavailable right now' }] });
    renderWithProviders(page(), { token: 'admin-token' });
    expect((await screen.findByRole('alert'))?.textContent).toContain('The jobs could not be loaded');
  });
});
