import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobView, noJobs } from '../../../test/answers.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RecentWork } from './recent-work.tsx';

describe('Recent work', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the latest jobs with their kind, status, picture and failure message', async () => {
    const server = mockServer({
      'GET /api/jobs': [
        200,
        {
          ...noJobs,
          jobs: [
            jobView({ id: 'a1', kind: 'remove-background', status: 'running', progress: 20 }),
            jobView({ id: 'b2', kind: 'generation', status: 'succeeded', imageId: 'img-1', progress: 100 }),
            jobView({
              id: 'c3',
              kind: 'upscale',
              status: 'failed',
              message: 'The picture is too large to upscale. Your credit was refunded.',
            }),
          ],
        },
      ],
    });
    renderWithProviders(<RecentWork />, { path: '/generate', token: 'valid-token' });
    const list = await screen.findByRole('list', { name: 'Recent work' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Remove BackgroundWorking/),
      expect.stringMatching(/^Image GeneratorDone/),
      expect.stringMatching(
        /^Image Upscaling ToolFailed.*The picture is too large to upscale\. Your credit was refunded\.$/,
      ),
    ]);
    // The picture opens full size on /profile, with the keyboard too: it is a link.
    const open = within(items[1]!).getByRole('link', { name: /^Open full size: Image Generator/ });
    expect(open.getAttribute('href')).toBe('/profile?view=img-1');
    await waitFor(() => expect(open.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/));
    expect(server.callsTo('GET', '/api/images/img-1')[0]?.headers.token).toBe('valid-token');
    expect(list.tabIndex).toBe(0);
  });

  it('says so when there is nothing yet', async () => {
    mockServer({});
    renderWithProviders(<RecentWork />, { path: '/generate', token: 'valid-token' });
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
  });
});
