import { messages } from '@lumigen/contract/messages';
import { webMessages } from '@lumigen/contract/web-messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { GeneratePage } from './generate-page.tsx';
import { jobView, localProviders, noJobs } from '../../../test/answers.ts';
import { eventStream, mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const jobId = '22222222-2222-4222-8222-222222222222';
const imageId = '33333333-3333-4333-8333-333333333333';
const accepted = [202, { success: true, jobId, status: 'queued' }] as const;

function generate(prompt = 'A lighthouse at dawn') {
  fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: prompt } });
  fireEvent.click(screen.getByRole('button', { name: /^Generate/ }));
}

const canvas = () => within(screen.getByRole('region', { name: 'Result' }));
const againAddress = (settings: unknown) =>
  `/generate?settings=${encodeURIComponent(typeof settings === 'string' ? settings : JSON.stringify(settings))}`;
const chosen = (legend: string) =>
  (within(screen.getByRole('group', { name: legend })).getAllByRole('radio') as HTMLInputElement[]).find(
    (radio) => radio.checked,
  )?.value;

describe('/generate runs through the jobs API', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(notify.error).mockReset();
    vi.mocked(notify.success).mockReset();
    vi.mocked(notify.info).mockReset();
    Element.prototype.scrollIntoView = vi.fn();
    window.matchMedia = vi.fn(() => ({ matches: false }) as unknown as MediaQueryList);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the queue position, then the progress, then the image, and reloads the balance', async () => {
    const stream = eventStream();
    const server = mockServer({
      'POST /api/jobs/generate': [...accepted],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    await waitFor(() => expect(server.callsTo('POST', '/api/image/get-credit')).toHaveLength(1));
    generate();
    stream.send('position', { position: 2 });
    expect(await canvas().findByText("You're 2nd in line")).toBeTruthy();
    // The credit is reserved on acceptance: the balance is read again at once.
    await waitFor(() => expect(server.callsTo('POST', '/api/image/get-credit')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/jobs/generate')[0]?.body).toEqual({
      prompt: 'A lighthouse at dawn',
      size: '1024x1024',
      quality: 'standard',
      style: 'none',
      model: 'dall-e-3',
    });
    stream.send('position', { position: 1 });
    expect(await canvas().findByText("You're next in line")).toBeTruthy();
    stream.send('running', { attempt: 1 }, 1);
    stream.send('progress', { progress: 40 }, 2);
    const bar = await canvas().findByRole('progressbar', { name: 'Progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    const creditCalls = server.callsTo('POST', '/api/image/get-credit').length;
    stream.send('succeeded', { imageId }, 3);
    const image = await canvas().findByRole('img', { name: 'Generated image: A lighthouse at dawn' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(server.callsTo('GET', `/api/images/${imageId}`)[0]?.headers.token).toBe('valid-token');
    expect(canvas().getByRole('link', { name: 'Download' }).getAttribute('download')).toMatch(
      /^\d{4}-\d{2}-\d{2}-generation-a-lighthouse-at-dawn-33333333\.png$/,
    );
    await waitFor(() => expect(server.callsTo('POST', '/api/image/get-credit').length).toBeGreaterThan(creditCalls));
  });

  it("shows a failed job's message from the server", async () => {
    const stream = eventStream();
    mockServer({
      'POST /api/jobs/generate': [...accepted],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    generate();
    stream.send('running', { attempt: 1 }, 1);
    stream.send('failed', { message: 'The image service is busy. Please try again; your credit was refunded.' }, 2);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'The image service is busy. Please try again; your credit was refunded.',
      ),
    );
    expect(screen.getByRole('button', { name: /^Generate/ })).toBeTruthy();
    expect(canvas().queryByRole('progressbar')).toBeNull();
  });

  it('cancels a waiting job and says the credit is back', async () => {
    const stream = eventStream();
    const server = mockServer({
      'POST /api/jobs/generate': [...accepted],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
      [`POST /api/jobs/${jobId}/cancel`]: () => {
        // The stream hears of the cancel before its answer arrives.
        stream.send('canceled', { message: messages.job.canceled }, 1);
        return [
          200,
          {
            success: true,
            message: messages.job.cancelRequested,
            job: jobView({ id: jobId, status: 'canceled', message: messages.job.canceled }),
          },
        ];
      },
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    generate();
    stream.send('position', { position: 3 });
    await canvas().findByText("You're 3rd in line");
    fireEvent.click(canvas().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.job.cancelRequested));
    expect(server.callsTo('POST', `/api/jobs/${jobId}/cancel`)).toHaveLength(1);
    expect(await canvas().findByText(/Your image appears here/)).toBeTruthy();
    // The stream's own word of the cancel is not a second toast.
    expect(notify.info).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('after a reload, picks up the running generation found on the server and shows its image', async () => {
    const stream = eventStream();
    localStorage.setItem(
      'lumigen.generation-notes',
      JSON.stringify({ [jobId]: { prompt: 'A fox in snow', size: '512x512', quality: 'standard' } }),
    );
    const server = mockServer({
      'GET /api/jobs': (call) => [
        200,
        call.query.get('status') === 'running'
          ? { ...noJobs, jobs: [jobView({ id: jobId, status: 'running', progress: 70 })] }
          : noJobs,
      ],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    const bar = await canvas().findByRole('progressbar', { name: 'Progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('70');
    expect(server.callsTo('POST', '/api/jobs/generate')).toEqual([]);
    stream.send('succeeded', { imageId }, 4);
    expect(await canvas().findByRole('img', { name: 'Generated image: A fox in snow' })).toBeTruthy();
    expect(screen.getByText('512 × 512 · Standard')).toBeTruthy();
  });

  it("leaves another kind's running job to its own page", async () => {
    const server = mockServer({
      'GET /api/jobs': (call) => [
        200,
        call.query.get('status') === 'running'
          ? { ...noJobs, jobs: [jobView({ id: jobId, kind: 'remove-background', status: 'running' })] }
          : noJobs,
      ],
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    await waitFor(() => expect(server.callsTo('GET', '/api/jobs').length).toBeGreaterThanOrEqual(2));
    expect(canvas().getByText(/Your image appears here/)).toBeTruthy();
    expect(server.callsTo('GET', `/api/jobs/${jobId}/events`)).toEqual([]);
  });

  it('Use again: fills the prompt, size and quality of an earlier image, says so, and sends them', async () => {
    const stream = eventStream();
    const server = mockServer({
      'POST /api/jobs/generate': [...accepted],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    renderWithProviders(<GeneratePage />, {
      path: againAddress({
        prompt: 'A fox in snow',
        model: 'dall-e-3',
        size: '1792x1024',
        quality: 'hd',
        style: 'anime',
        seed: 12345,
      }),
      token: 'valid-token',
    });
    await waitFor(() => expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('A fox in snow'));
    expect(chosen('Resolution')).toBe('1792x1024');
    expect(chosen('Quality')).toBe('hd');
    expect(notify.info).toHaveBeenCalledWith(webMessages.generationSettingsCarried);
    fireEvent.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(server.callsTo('POST', '/api/jobs/generate')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/jobs/generate')[0]?.body).toEqual({
      prompt: 'A fox in snow',
      size: '1792x1024',
      quality: 'hd',
      style: 'anime',
      model: 'dall-e-3',
    });
  });

  it('Use again: keeps what is valid, ignores the rest, and never breaks on a bad address', async () => {
    mockServer({});
    renderWithProviders(<GeneratePage />, {
      path: againAddress({ prompt: 'A fox in snow', size: '999x999', quality: 'ultra' }),
      token: 'valid-token',
    });
    await waitFor(() => expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('A fox in snow'));
    expect([chosen('Resolution'), chosen('Quality')]).toEqual(['1024x1024', 'standard']);
    cleanup();

    for (const garbage of [
      'not json',
      '[1,2]',
      JSON.stringify({ prompt: 42, size: null }),
      JSON.stringify({ prompt: 'x'.repeat(4001) }),
    ]) {
      vi.mocked(notify.info).mockReset();
      renderWithProviders(<GeneratePage />, { path: againAddress(garbage), token: 'valid-token' });
      await screen.findByRole('button', { name: /^Generate/ });
      expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('');
      expect(notify.info).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('sends the chosen style and shows it beside the result', async () => {
    const stream = eventStream();
    const server = mockServer({
      'POST /api/jobs/generate': [...accepted],
      [`GET /api/jobs/${jobId}/events`]: () => stream.response(),
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    const style = screen.getByRole('combobox', { name: 'Style' }) as HTMLSelectElement;
    expect([...style.options].map((option) => option.text)).toEqual([
      'None',
      'Photographic',
      'Cinematic',
      'Illustration',
      'Anime',
      '3D render',
      'Watercolor',
      'Flat logo',
    ]);
    fireEvent.change(style, { target: { value: 'watercolor' } });
    generate('A fox in the snow');
    await waitFor(() => expect(server.callsTo('POST', '/api/jobs/generate')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/jobs/generate')[0]?.body).toMatchObject({
      prompt: 'A fox in the snow',
      style: 'watercolor',
    });
    stream.send('succeeded', { imageId }, 1);
    await canvas().findByRole('img', { name: 'Generated image: A fox in the snow' });
    expect(screen.getByText(/1024 × 1024 · Standard · Watercolor style/)).toBeTruthy();
  });

  it('Save prompt keeps the form’s prompt, size, quality and style; Saved prompts fills the form from one', async () => {
    const saved = {
      id: '44444444-4444-4444-8444-444444444444',
      prompt: 'A neon city at night',
      size: '1792x1024',
      quality: 'hd',
      style: 'cinematic',
      createdAt: '2026-11-27T10:00:00.000Z',
    };
    const server = mockServer({
      'GET /api/prompts': [200, { success: true, prompts: [saved] }],
      'POST /api/prompts': (call) => [
        201,
        { success: true, prompt: { ...saved, ...(call.body as object), id: '55555555-5555-4555-8555-555555555555' } },
      ],
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'A quiet harbour' } });
    fireEvent.click(screen.getByRole('radio', { name: '512 × 512' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Style' }), { target: { value: 'anime' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prompt' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/prompts')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/prompts')[0]?.body).toEqual({
      prompt: 'A quiet harbour',
      size: '512x512',
      quality: 'standard',
      style: 'anime',
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Prompt saved'));
    // The list is asked for only when the menu opens.
    expect(server.callsTo('GET', '/api/prompts')).toHaveLength(0);

    const menu = screen.getByText('Saved prompts', { selector: 'summary' }).closest('details')!;
    menu.open = true;
    fireEvent(menu, new Event('toggle'));
    fireEvent.click(await within(menu).findByRole('button', { name: /^A neon city at night/ }));
    expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('A neon city at night');
    expect(chosen('Resolution')).toBe('1792x1024');
    expect(chosen('Quality')).toBe('hd');
    expect((screen.getByRole('combobox', { name: 'Style' }) as HTMLSelectElement).value).toBe('cinematic');
    expect(menu.open).toBe(false);
  });

  it('quotes the operator’s current price for the quality chosen, and HD only where it is drawn', async () => {
    const providers = localProviders(1);
    mockServer({
      'GET /api/image/providers': [
        200,
        {
          ...providers,
          generation: 'openai',
          localPreview: false,
          prices: {
            ...providers.prices,
            generation: { credits: 2, preview: false },
            generationHd: { credits: 5, preview: false },
          },
        },
      ],
    });
    renderWithProviders(<GeneratePage />, { path: '/generate', token: 'valid-token' });
    expect(await screen.findByRole('button', { name: 'Generate · 2 credits' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('group', { name: 'Quality' })).getByRole('radio', { name: 'HD' }));
    expect(await screen.findByRole('button', { name: 'Generate · 5 credits' })).toBeTruthy();
  });
});
