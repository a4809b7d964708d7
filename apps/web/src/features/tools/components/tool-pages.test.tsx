import { toolMessages } from '@lumigen/contract/tools';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ToolPage } from './tool-pages.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

let server: ReturnType<typeof mockServer>;
const toolCalls = () => server.calls.filter((call) => call.path.includes('/tools/'));
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' });

function LoginProbe() {
  const location = useLocation();
  return <p>Login page, from {(location.state as { from?: string } | null)?.from ?? 'nowhere'}</p>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginProbe />} />
      <Route path="/test" element={<ToolPage name="test" />} />
      <Route path="/cleanup" element={<ToolPage name="cleanup" />} />
    </Routes>,
    { path },
  );
}

const submit = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('the /test page (docs/product.md §5)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(notify.error).mockReset();
    vi.mocked(notify.info).mockReset();
    // Ada signed in, the local providers, no jobs: the harness's defaults.
    server = mockServer();
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('alerts the one message without a file, and without a prompt, and sends nothing', async () => {
    localStorage.setItem('token', 'valid-token');
    renderAt('/test');
    submit(/^Remove Background/);
    expect(notify.error).toHaveBeenLastCalledWith('Please select an image and enter a prompt.');
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    // The picker judges a picture before taking it: wait until it shows the name.
    await screen.findByText('photo.jpg');
    submit(/^Remove Background/);
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenLastCalledWith('Please select an image and enter a prompt.');
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: '   ' } });
    submit(/^Remove Background/);
    expect(notify.error).toHaveBeenCalledTimes(3);
    expect(toolCalls()).toEqual([]);
  });

  it('says honestly what the prompt does', () => {
    renderAt('/test');
    expect(screen.getByText(/your prompt only names the downloaded file/)).toBeTruthy();
  });

  it('sends a logged-out visitor with a file and a prompt to log in, and back here afterwards', async () => {
    renderAt('/test');
    expect(screen.getByRole('link', { name: 'log in' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    // The picker judges a picture before taking it: wait until it shows the name.
    await screen.findByText('photo.jpg');
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'Spring catalogue' } });
    submit(/^Remove Background/);
    expect(await screen.findByText('Login page, from /test')).toBeTruthy();
    expect(notify.info).toHaveBeenCalledWith(toolMessages.signInToRun('1 credit'));
    expect(notify.error).not.toHaveBeenCalled();
    expect(toolCalls()).toEqual([]);
  });
});

describe('the /cleanup page without a mask', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'valid-token');
    vi.mocked(notify.error).mockReset();
    // Ada signed in, the local providers, no jobs: the harness's defaults.
    server = mockServer();
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a painted mask or a mask file, whichever is chosen, and sends nothing', async () => {
    renderAt('/cleanup');
    await waitFor(() => expect(server.calls).not.toEqual([]));
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [photo()] } });
    // The picker judges a picture before taking it: wait until it shows the name.
    await screen.findByText('photo.jpg');
    // Painting: the picture brings its own copy of the button (narrow screens show it under the picture).
    const [, underPicture] = screen.getAllByRole('button', { name: /^Clean Image/ });
    fireEvent.click(underPicture!);
    expect(notify.error).toHaveBeenLastCalledWith(toolMessages.noMask);
    fireEvent.click(screen.getByRole('radio', { name: 'Upload a mask file' }));
    // docs/product.md §5: the mask picker offers any file type; the server judges it.
    const maskInput = screen.getByLabelText(/^Mask file/) as HTMLInputElement;
    expect(maskInput.accept).toBe('*');
    submit(/^Clean Image/);
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenLastCalledWith(toolMessages.noMask);
    expect(toolCalls()).toEqual([]);
  });
});
