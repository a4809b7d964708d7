import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProvidersPage } from './providers-page.tsx';

afterEach(cleanup);

const since = '2026-11-27T08:00:00.000Z';

describe('the console providers page', () => {
  it('shows each provider’s requests, error rate, median latency and cost', async () => {
    mockServer({
      'GET /api/admin/providers': [
        200,
        {
          success: true,
          since,
          providers: [
            { provider: 'clipdrop', requests: 40, errors: 10, errorRate: 0.25, medianMs: 812.5, costUsd: 1.2 },
            { provider: 'openai', requests: 12, errors: 0, errorRate: 0, medianMs: 4100, costUsd: 0.48 },
          ],
        },
      ],
    });
    renderWithProviders(<ProvidersPage />, { token: 'admin-token' });
    expect(screen.getByRole('status')?.textContent).toContain('Loading the providers');
    const clipdrop = await screen.findByRole('row', { name: /clipdrop/ });
    expect(
      within(clipdrop)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '10', '25%', '813 ms', '$1.20']);
    expect(clipdrop.classList.contains('admin-row--alarm')).toBe(true);
    expect(screen.getByRole('row', { name: /openai/ }).classList.contains('admin-row--alarm')).toBe(false);
  });

  it('says when no provider was called', async () => {
    mockServer({ 'GET /api/admin/providers': [200, { success: true, since, providers: [] }] });
    renderWithProviders(<ProvidersPage />, { token: 'admin-token' });
    expect(await screen.findByText(/No provider was called since/)).toBeTruthy();
  });

  it('says what went wrong', async () => {
    mockServer({ 'GET /api/admin/providers': [503, { success: false, message: 'Service unavailable right now' }] });
    renderWithProviders(<ProvidersPage />, { token: 'admin-token' });
    expect((await screen.findByRole('alert'))?.textContent).toContain('The providers could not be loaded');
  });
});
