import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localProviders } from '../../../test/answers.ts';
import { eventStream, mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GeneratePage } from './generate-page.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const jobId = '22222222-2222-4222-8222-222222222222';
const imageId = '33333333-3333-4333-8333-333333333333';
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const withEdit = {
  ...localProviders(0),
  edit: { available: true, providers: ['openai'], price: { credits: 1, preview: false } },
};
const fieldsOf = (form: FormData) =>
  Object.fromEntries(['prompt', 'style', 'size', 'quality', 'mode'].map((name) => [name, form.get(name)]));

describe('/generate with reference pictures (docs/decisions/057)', () => {
  beforeEach(() => {
    localStorage.clear();
    Element.prototype.scrollIntoView = vi.fn();
    window.matchMedia = vi.fn(() => ({ matches: false }) as unknown as MediaQueryList);
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => cleanup());

  it('offers no reference pictures where no provider can edit, and Generate Variations goes to Image Variant', async () => {
    const stream = eventStream();
    mockServer({
      'POST /api/jobs/generate': [202, { success: true, jobId, status: 'queued' }],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    await screen.findByRole('button', { name: /^Generate · / });
    expect(screen.queryByLabelText(/Reference pictures/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'A lighthouse' } });
    fireEvent.click(screen.getByRole('button', { name: /^Generate · / }));
    stream.send('succeeded', { imageId }, 1);
    const canvas = within(screen.getByRole('region', { name: 'Result' }));
    expect((await canvas.findByRole('link', { name: 'Generate Variations' })).getAttribute('href')).toBe(
      `/variant?image=${imageId}`,
    );
  });

  it('sends the references in order as a generation from them, then makes a variation from the result', async () => {
    const streams = [eventStream(), eventStream()];
    let submitted = 0;
    const server = mockServer({
      'GET /api/image/providers': [200, withEdit],
      'POST /api/jobs/edit': () => [202, { success: true, jobId, status: 'queued' }],
      [`GET /api/jobs/${jobId}/events`]: () => streams[submitted++]!.response(),
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    fireEvent.change(await screen.findByLabelText(/Reference pictures/), {
      target: { files: [png('product.png'), png('character.png')] },
    });
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'The mug on a beach' } });
    fireEvent.click(screen.getByRole('radio', { name: '512 × 512' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/jobs/edit')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/jobs/generate')).toHaveLength(0);
    const first = server.callsTo('POST', '/api/jobs/edit')[0]!.body as FormData;
    expect(first.getAll('image_file').map((file) => (file as File).name)).toEqual(['product.png', 'character.png']);
    expect(fieldsOf(first)).toEqual({
      prompt: 'The mug on a beach',
      style: 'none',
      size: '512x512',
      quality: 'standard',
      mode: 'generate',
    });

    streams[0]!.send('succeeded', { imageId }, 1);
    const canvas = within(screen.getByRole('region', { name: 'Result' }));
    fireEvent.click(await canvas.findByRole('button', { name: 'Generate Variations' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/jobs/edit')).toHaveLength(2));
    const second = server.callsTo('POST', '/api/jobs/edit')[1]!.body as FormData;
    expect(second.getAll('image_file')).toHaveLength(1);
    expect(fieldsOf(second)).toEqual({ ...fieldsOf(first), prompt: 'The mug on a beach' });
  });
});
