import type { ImageSummary } from '@lumigen/contract/images';
import { messages } from '@lumigen/contract/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { ImageGallery } from './image-gallery.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { polyfillDialog } from '../../../components/ui/dialog-test-kit.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const kite: ImageSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'generation',
  prompt: 'A red kite over green hills',
  width: 256,
  height: 256,
  createdAt: '2026-11-20T10:00:00.000Z',
  settings: { model: 'dall-e-2', size: '256x256', style: 'watercolor' },
  recipeId: null,
  style: 'watercolor',
};
const cutout: ImageSummary = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'remove-background',
  prompt: null,
  width: 512,
  height: 384,
  createdAt: '2026-11-21T10:00:00.000Z',
  settings: {},
  recipeId: null,
  style: null,
};

let images: ImageSummary[];

function galleryServer() {
  const png = () =>
    new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'image/png' } });
  return mockServer({
    'GET /api/images': () => [200, { success: true, images, nextCursor: null }],
    [`GET /api/images/${kite.id}`]: png,
    [`GET /api/images/${cutout.id}`]: png,
    [`DELETE /api/images/${kite.id}`]: () => {
      images = images.filter((image) => image.id !== kite.id);
      return [200, { success: true, message: messages.imageDeleted }];
    },
  });
}

const renderGallery = (path = '/profile') =>
  renderWithProviders(
    <>
      <ImageGallery />
      <ImageViewer />
    </>,
    { path: path, route: '/profile' },
  );

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  images = [cutout, kite];
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:image-${(made += 1)}`);
  URL.revokeObjectURL = vi.fn();
  polyfillDialog();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Your images', () => {
  it('each image: its picture, a download named after it, the tools to use it in, and Delete', async () => {
    galleryServer();
    renderGallery();

    const picture = await screen.findByRole('img', { name: 'A red kite over green hills' });
    expect(picture.getAttribute('src')).toMatch(/^blob:image-/);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download: A red kite over green hills' }).getAttribute('download')).toBe(
        '2026-11-20-generation-a-red-kite-over-green-hills-11111111.png',
      ),
    );
    expect(screen.getByRole('link', { name: 'Download: Background removed' }).getAttribute('download')).toBe(
      '2026-11-21-remove-background-22222222.png',
    );

    const item = picture.closest('li')!;
    const tools = within(item)
      .getAllByRole('link')
      .filter((link) => link.className === 'use-in__link');
    expect(tools.map((link) => link.getAttribute('href'))).toEqual(
      [
        '/edit-with-words',
        '/upscale',
        '/cleanup',
        '/editimage',
        '/variant',
        '/removebg',
        '/removetxt',
        '/addbg',
        '/uncrop',
      ].map((page) => `${page}?image=${kite.id}`),
    );
    expect(within(item).getByRole('button', { name: 'Delete: A red kite over green hills' })).toBeTruthy();
  });

  it('Use in… carries the image to the tool page', async () => {
    galleryServer();
    const person = userEvent.setup();
    renderGallery();

    const item = (await screen.findByRole('img', { name: 'A red kite over green hills' })).closest('li')!;
    await person.click(within(item).getByText('Use in…'));
    await person.click(within(item).getByRole('link', { name: 'Image Upscaling Tool' }));
    expect(screen.getByTestId('where').textContent).toBe(`/upscale?image=${kite.id}`);
  });

  it('Delete asks first; Cancel (which has the focus) and Escape send nothing', async () => {
    const server = galleryServer();
    const person = userEvent.setup();
    renderGallery();

    await person.click(await screen.findByRole('button', { name: 'Delete: A red kite over green hills' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this image?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete: A red kite over green hills' })),
    );

    await person.click(screen.getByRole('button', { name: 'Delete: A red kite over green hills' }));
    // The browser turns Escape on a modal dialog into a cancel event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('DELETE', `/api/images/${kite.id}`)).toHaveLength(0);
  });

  it('Delete, confirmed: the image is deleted and leaves the gallery, with the server’s message', async () => {
    const server = galleryServer();
    const person = userEvent.setup();
    renderGallery();

    await person.click(await screen.findByRole('button', { name: 'Delete: A red kite over green hills' }));
    await person.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete image' }));

    await waitFor(() => expect(screen.queryByRole('img', { name: 'A red kite over green hills' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('img', { name: 'Background removed' })).toBeTruthy();
    expect(server.callsTo('DELETE', `/api/images/${kite.id}`)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(messages.imageDeleted);
  });

  it('opens an image full size in a dialog from its link, and closes it again', async () => {
    galleryServer();
    const person = userEvent.setup();
    renderGallery();

    await person.click(await screen.findByRole('link', { name: 'Open full size: A red kite over green hills' }));
    expect(screen.getByTestId('where').textContent).toBe(`/profile?view=${kite.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'A red kite over green hills' });
    expect(within(dialog).getByRole('img', { name: 'A red kite over green hills' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      '2026-11-20-generation-a-red-kite-over-green-hills-11111111.png',
    );

    await person.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/profile');
  });

  it("the viewer's Use again: the generator for a generation, the recipe for a recipe's result", async () => {
    const recipeId = '66666666-6666-4666-8666-666666666666';
    images = [
      { ...cutout, recipeId },
      { ...kite, settings: { ...kite.settings, prompt: kite.prompt! } },
    ];
    galleryServer();
    const person = userEvent.setup();
    renderGallery(`/profile?view=${kite.id}`);
    const generated = await screen.findByRole('dialog', { name: 'A red kite over green hills' });
    await person.click(await within(generated).findByRole('link', { name: 'Use again' }));
    const where = new URL(screen.getByTestId('where').textContent!, 'http://lumigen.test');
    expect(where.pathname).toBe('/generate');
    expect(JSON.parse(where.searchParams.get('settings')!)).toEqual({
      model: 'dall-e-2',
      size: '256x256',
      style: 'watercolor',
      prompt: 'A red kite over green hills',
    });
    cleanup();

    renderGallery(`/profile?view=${cutout.id}`);
    const made = await screen.findByRole('dialog', { name: 'Background removed' });
    expect((await within(made).findByRole('link', { name: 'Use again' })).getAttribute('href')).toBe(
      `/profile?run=${recipeId}#recipes`,
    );
  });

  it('a viewer link to an image that is gone says so', async () => {
    mockServer({
      'GET /api/images': [200, { success: true, images: [], nextCursor: null }],
      'GET /api/images/33333333-3333-4333-8333-333333333333': [404, { success: false, message: messages.notFound }],
    });
    renderGallery('/profile?view=33333333-3333-4333-8333-333333333333');
    const dialog = await screen.findByRole('dialog', { name: 'Your image' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This image no longer exists: it was deleted.');
  });

  it('no images yet: says how to make the first', async () => {
    mockServer({ 'GET /api/images': [200, { success: true, images: [], nextCursor: null }] });
    renderGallery();
    expect(await screen.findByRole('link', { name: 'Generate your first one' })).toBeTruthy();
  });

  it('shows each image’s prompt, style and tool', async () => {
    galleryServer();
    renderGallery();
    const item = (await screen.findByRole('img', { name: 'A red kite over green hills' })).closest('li')!;
    expect(within(item).getByText('A red kite over green hills', { selector: '.gallery__prompt' })).toBeTruthy();
    expect(within(item).getByText(/Watercolor style/)).toBeTruthy();
    const cutoutItem = screen.getByRole('img', { name: 'Background removed' }).closest('li')!;
    expect(within(cutoutItem).getByText('Background removed', { selector: '.gallery__kind' })).toBeTruthy();
    expect(within(cutoutItem).queryByText(/style/)).toBeNull();
  });

  it('searches by words and kind, and pages to older images by the cursor', async () => {
    const server = mockServer({
      'GET /api/images': (call) => {
        if (call.query.get('cursor') === 'older') return [200, { success: true, images: [cutout], nextCursor: null }];
        if (call.query.get('q') === 'kite') return [200, { success: true, images: [kite], nextCursor: 'older' }];
        if (call.query.get('kind') === 'upscale') return [200, { success: true, images: [], nextCursor: null }];
        return [200, { success: true, images: [kite, cutout], nextCursor: null }];
      },
      [`GET /api/images/${kite.id}`]: () =>
        new Response(new Uint8Array([0x89]), { status: 200, headers: { 'content-type': 'image/png' } }),
      [`GET /api/images/${cutout.id}`]: () =>
        new Response(new Uint8Array([0x89]), { status: 200, headers: { 'content-type': 'image/png' } }),
    });
    renderGallery();
    await screen.findByRole('img', { name: 'Background removed' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your images' }), { target: { value: ' kite ' } });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Background removed' })).toBeNull());
    expect(screen.getByRole('img', { name: 'A red kite over green hills' })).toBeTruthy();
    const searched = server.callsTo('GET', '/api/images').at(-1)!;
    expect([searched.query.get('q'), searched.query.get('kind'), searched.query.get('cursor')]).toEqual([
      'kite',
      null,
      null,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Show older images' }));
    expect(await screen.findByRole('img', { name: 'Background removed' })).toBeTruthy();
    expect(server.callsTo('GET', '/api/images').at(-1)!.query.get('cursor')).toBe('older');
    expect(screen.queryByRole('button', { name: 'Show older images' })).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your images' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'upscale' } });
    expect(await screen.findByText('No image matches this search.')).toBeTruthy();
    expect(server.callsTo('GET', '/api/images').at(-1)!.query.get('kind')).toBe('upscale');
    // The search stays on screen to be changed again.
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeTruthy();
  });
});
