import { previewNotice } from '@lumigen/contract/pricing';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localProviders } from '../../../test/answers.ts';
import { eventStream, mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ToolPage } from './tool-pages.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const jobId = '44444444-4444-4444-8444-444444444444';
const imageId = '55555555-5555-4555-8555-555555555555';
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' });
const page = (name: 'upscale' | 'removebg') =>
  renderWithProviders(
    <Routes>
      <Route path={`/${name}`} element={<ToolPage name={name} />} />
    </Routes>,
    { path: `/${name}`, token: 'valid-token' },
  );

describe('a tool page quotes the price the server answers (docs/decisions/051)', () => {
  beforeEach(() => {
    localStorage.clear();
    Element.prototype.scrollIntoView = vi.fn();
    window.matchMedia = vi.fn(() => ({ matches: false }) as unknown as MediaQueryList);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a free local preview: "Free preview" on the button, a preview badge, and the result says it is a preview', async () => {
    const stream = eventStream();
    mockServer({
      'GET /api/image/providers': [200, localProviders(0)],
      'POST /api/jobs/tools/upscale': [202, { success: true, jobId, status: 'running' }],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    page('upscale');
    const button = await screen.findByRole('button', { name: 'Upscale Image · Free preview' });
    expect(screen.getByText(/a free preview: a quick approximation made on this server/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    await screen.findByText('photo.jpg');
    fireEvent.click(button);
    stream.send('succeeded', { imageId }, 1);
    const result = within(screen.getByRole('region', { name: 'Result' }));
    expect(await result.findByText(previewNotice)).toBeTruthy();
  });

  it('a learned model on the same server costs its price and says nothing of a preview', async () => {
    mockServer({ 'GET /api/image/providers': [200, localProviders(0)] });
    page('removebg');
    expect(await screen.findByRole('button', { name: 'Remove Background · 1 credit' })).toBeTruthy();
    expect(screen.queryByText(/free preview/i)).toBeNull();
  });

  it('previews priced by the operator show their price', async () => {
    mockServer({ 'GET /api/image/providers': [200, localProviders(2)] });
    page('upscale');
    expect(await screen.findByRole('button', { name: 'Upscale Image · 2 credits' })).toBeTruthy();
    expect(screen.getByText(/a preview: a quick approximation/)).toBeTruthy();
  });
});
