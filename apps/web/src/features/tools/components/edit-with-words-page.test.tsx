import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localProviders } from '../../../test/answers.ts';
import { eventStream, mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EditWithWordsPage } from './edit-with-words-page.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const jobId = '44444444-4444-4444-8444-444444444444';
const imageId = '55555555-5555-4555-8555-555555555555';
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
const withEdit = {
  ...localProviders(1),
  edit: { available: true, providers: ['openai'], price: { credits: 1, preview: false } },
};
const page = () =>
  renderWithProviders(
    <Routes>
      <Route path="/edit-with-words" element={<EditWithWordsPage />} />
    </Routes>,
    { path: '/edit-with-words', token: 'valid-token' },
  );

describe('the Edit with words page', () => {
  beforeEach(() => {
    localStorage.clear();
    Element.prototype.scrollIntoView = vi.fn();
    window.matchMedia = vi.fn(() => ({ matches: false }) as unknown as MediaQueryList);
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => cleanup());

  it('says plainly that no provider can edit here, and offers nothing to pay for', async () => {
    mockServer();
    page();
    expect(await screen.findByRole('heading', { name: 'Not available on this server' })).toBeTruthy();
    expect(screen.getByText(/no credit is taken/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit Image/ })).toBeNull();
    expect(screen.queryByLabelText('Picture to change')).toBeNull();
  });

  it('sends the picture, the references in order, the prompt, style, size and quality, and shows the result beside the original', async () => {
    const stream = eventStream();
    const server = mockServer({
      'GET /api/image/providers': [200, withEdit],
      'POST /api/jobs/edit': [202, { success: true, jobId, status: 'running' }],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    page();
    const button = await screen.findByRole('button', { name: 'Edit Image · 1 credit' });
    fireEvent.change(screen.getByLabelText('Picture to change'), { target: { files: [jpeg('street.jpg')] } });
    await screen.findByText('street.jpg');
    fireEvent.change(screen.getByLabelText(/Reference pictures/), {
      target: { files: [jpeg('ref-a.jpg'), jpeg('ref-b.jpg'), jpeg('ref-c.jpg')] },
    });
    const list = within(screen.getByRole('list', { name: 'Reference pictures' }));
    expect(list.getAllByRole('img')).toHaveLength(3);
    fireEvent.click(list.getByRole('button', { name: 'Remove reference 2: ref-b.jpg' }));
    expect(list.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Reference 1: ref-a.jpg',
      'Reference 2: ref-c.jpg',
    ]);
    fireEvent.change(screen.getByLabelText('What should change'), { target: { value: '  make it night ' } });
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: 'cinematic' } });
    fireEvent.click(screen.getByLabelText('512 × 512'));
    fireEvent.click(screen.getByLabelText('HD'));
    fireEvent.click(button);

    await vi.waitFor(() => expect(server.callsTo('POST', '/api/jobs/edit')).toHaveLength(1));
    const sent = server.callsTo('POST', '/api/jobs/edit')[0]!.body as FormData;
    expect(sent.getAll('image_file').map((f) => (f as File).name)).toEqual(['street.jpg', 'ref-a.jpg', 'ref-c.jpg']);
    expect(sent.get('mask_file')).toBeNull();
    expect(Object.fromEntries(['prompt', 'style', 'size', 'quality'].map((name) => [name, sent.get(name)]))).toEqual({
      prompt: 'make it night',
      style: 'cinematic',
      size: '512x512',
      quality: 'hd',
    });

    stream.send('succeeded', { imageId }, 1);
    const result = within(screen.getByRole('region', { name: 'Result' }));
    expect(await result.findByRole('button', { name: 'Edit another image' })).toBeTruthy();
  });
});
