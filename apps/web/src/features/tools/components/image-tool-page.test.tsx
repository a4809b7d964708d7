import { toolMessages } from '@lumigen/contract/tools';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { jobView, noJobs } from '../../../test/answers.ts';
import { eventStream, mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ToolPage } from './tool-pages.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const jobId = '44444444-4444-4444-8444-444444444444';
const imageId = '55555555-5555-4555-8555-555555555555';
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' });
const canvas = () => within(screen.getByRole('region', { name: 'Result' }));
const removebg = () =>
  renderWithProviders(
    <Routes>
      <Route path="/removebg" element={<ToolPage name="removebg" />} />
    </Routes>,
    { path: '/removebg', token: 'valid-token' },
  );

describe('a tool page runs through the jobs API', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(notify.error).mockReset();
    Element.prototype.scrollIntoView = vi.fn();
    window.matchMedia = vi.fn(() => ({ matches: false }) as unknown as MediaQueryList);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the picture as a job, shows its progress, then compares the result with the original', async () => {
    const stream = eventStream();
    const server = mockServer({
      'POST /api/jobs/tools/remove-background': [202, { success: true, jobId, status: 'running' }],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    removebg();
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    // The picker judges a picture before taking it: wait until it shows the name.
    await screen.findByText('photo.jpg');
    fireEvent.click(screen.getByRole('button', { name: /^Remove Background/ }));
    stream.send('running', { attempt: 1 }, 1);
    stream.send('progress', { progress: 55 }, 2);
    const bar = await canvas().findByRole('progressbar', { name: 'Progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('55'));
    const sent = server.callsTo('POST', '/api/jobs/tools/remove-background')[0]?.body as FormData;
    expect((sent.get('image_file') as File).name).toBe('photo.jpg');
    stream.send('succeeded', { imageId }, 3);
    expect(await canvas().findByRole('img', { name: 'After: photo.jpg' })).toBeTruthy();
    expect(canvas().getByRole('img', { name: 'Before: photo.jpg' })).toBeTruthy();
    expect(canvas().getByRole('link', { name: 'Download' }).getAttribute('download')).toMatch(
      /^\d{4}-\d{2}-\d{2}-remove-background-photo-55555555\.png$/,
    );
  });

  it("says 'Image edit failed' with the server's reason", async () => {
    const stream = eventStream();
    mockServer({
      'POST /api/jobs/tools/remove-background': [202, { success: true, jobId, status: 'queued' }],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    removebg();
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    // The picker judges a picture before taking it: wait until it shows the name.
    await screen.findByText('photo.jpg');
    fireEvent.click(screen.getByRole('button', { name: /^Remove Background/ }));
    stream.send('failed', { message: 'No subject found in this picture. Your credit was refunded.' }, 1);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        toolMessages.failed('No subject found in this picture. Your credit was refunded.'),
      ),
    );
  });

  it('after a reload, picks up its own waiting job and shows the result alone', async () => {
    const stream = eventStream();
    const server = mockServer({
      'GET /api/jobs': (call) => [
        200,
        call.query.get('status') === 'queued'
          ? { ...noJobs, jobs: [jobView({ id: jobId, kind: 'remove-background', status: 'queued', position: 2 })] }
          : noJobs,
      ],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    removebg();
    expect(await canvas().findByText("You're 2nd in line")).toBeTruthy();
    stream.send('running', { attempt: 1 }, 1);
    stream.send('succeeded', { imageId }, 2);
    expect(await canvas().findByRole('img', { name: 'Edited image: your picture' })).toBeTruthy();
    expect(server.callsTo('GET', `/api/images/${imageId}`)).toHaveLength(1);
  });

  it.each(['end', 'fail'] as const)('resumes a stream that %ss from the last event it had', async (drop) => {
    const first = eventStream();
    const second = eventStream();
    const streams = [first, second];
    const server = mockServer({
      'POST /api/jobs/tools/remove-background': [202, { success: true, jobId, status: 'running' }],
      [`GET /api/jobs/${jobId}/events`]: () => streams.shift()!.response(),
      [`GET /api/jobs/${jobId}`]: [
        200,
        { success: true, job: jobView({ id: jobId, kind: 'remove-background', status: 'running', progress: 30 }) },
      ],
    });
    removebg();
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    // The picker judges a picture before taking it: wait until it shows the name.
    await screen.findByText('photo.jpg');
    fireEvent.click(screen.getByRole('button', { name: /^Remove Background/ }));
    first.send('running', { attempt: 1 }, 1);
    first.send('progress', { progress: 30 }, 2);
    // The bar shows from the job's answer; 30% only once the stream's events have been read.
    const bar = await canvas().findByRole('progressbar', { name: 'Progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('30'));
    first[drop]();
    await waitFor(() => expect(server.callsTo('GET', `/api/jobs/${jobId}/events`)).toHaveLength(2), { timeout: 4000 });
    expect(server.callsTo('GET', `/api/jobs/${jobId}/events`)[1]?.headers['last-event-id']).toBe('2');
    second.send('succeeded', { imageId }, 3);
    expect(await canvas().findByRole('img', { name: 'After: photo.jpg' })).toBeTruthy();
  });
});
