import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobState } from '../job-state.ts';
import { applyJobEvent } from '../job-state.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { JobProgress } from './job-progress.tsx';

const jobId = '44444444-4444-4444-8444-444444444444';
const running: JobState = {
  id: jobId,
  status: 'running',
  position: null,
  progress: 30,
  imageId: null,
  message: null,
  preview: null,
};
const previewEvent = (n: number) =>
  ({ type: 'preview', data: { n, imageUrl: `/api/jobs/${jobId}/previews/${n}` } }) as const;

let update: (job: JobState) => void = () => undefined;

/** The progress of a job the test moves on with `update`, as a page's stream does. */
function Following({ initial }: { initial: JobState }) {
  const [job, setJob] = useState(initial);
  update = setJob;
  return <JobProgress job={job} working="Painting your image…" onCancel={() => undefined} cancelling={false} />;
}

describe('JobProgress with previews', () => {
  afterEach(() => cleanup());

  it('shows the spinner until a `preview` event, then the preview in its place, sharper with the next', async () => {
    const server = mockServer();
    renderWithProviders(<Following initial={running} />, { token: 'valid-token' });
    expect(screen.getByRole('status', { name: 'Painting your image' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();

    const first = applyJobEvent(running, previewEvent(1));
    act(() => update(first));
    const image = await screen.findByRole('img', { name: 'A preview of your image, still being made' });
    // Read with the token (previews are private), shown from the bytes, labelled, the spinner gone.
    expect(server.callsTo('GET', `/api/jobs/${jobId}/previews/1`)[0]?.headers.token).toBe('valid-token');
    expect(image.getAttribute('src')).toBe('blob:1');
    expect(image.getAttribute('data-stage')).toBe('1');
    expect(screen.getByText('Preview')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Painting your image' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeTruthy();

    const second = applyJobEvent(first, previewEvent(2));
    act(() => update(second));
    await waitFor(() => expect(image.getAttribute('src')).toBe('blob:2'));
    expect(image.getAttribute('data-stage')).toBe('2');
    // A replayed stream's earlier preview does not blur it again.
    expect(applyJobEvent(second, previewEvent(1)).preview?.n).toBe(2);
  });

  it('keeps the spinner when the preview is already gone', async () => {
    const server = mockServer({
      'GET /api/jobs/:id/previews/:n': [404, { success: false, message: 'Not found' }],
    });
    renderWithProviders(<Following initial={applyJobEvent(running, previewEvent(1))} />, { token: 'valid-token' });
    await waitFor(() => expect(server.callsTo('GET', `/api/jobs/${jobId}/previews/1`)).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Painting your image' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
