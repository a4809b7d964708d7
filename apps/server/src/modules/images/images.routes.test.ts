import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submitBatch, waitForBatch } from '../../test/batch-calls.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { imagePart, pngOf } from '../../test/tool-calls.ts';
import type { ImageStore, ImageStores } from './image-store.ts';
import { createImageStores } from './select-store.ts';

const storages = ['files', 's3'] as const;
const cases = databaseKinds.flatMap((kind) => storages.map((storage) => [kind, storage] as const));

const pngOfAnswer = (image: string) => Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64');

describe.each(cases)('a user’s images on %s, stored in %s', (kind, storage) => {
  let t: TestContext;
  let s3: S3TestServer | undefined;
  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await startTestApp(kind, s3?.env ?? {});
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const generate = async (token: string, prompt: string) => {
    const response = await post(t.app, '/api/image/generate-image', token, {
      prompt,
      model: 'dall-e-2',
      size: '256x256',
    });
    expect(response.statusCode).toBe(200);
    return { id: response.json().imageId as string, png: pngOfAnswer(response.json().image) };
  };
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });

  it('lists only the user’s own images, newest first, and serves their bytes to them alone', async () => {
    const ada = await register(t.app);
    const bob = await register(t.app);
    const first = await generate(ada.token, 'a red kite over green hills');
    const second = await generate(ada.token, 'a blue boat on a calm sea');
    const bobs = await generate(bob.token, 'a yellow field of sunflowers');

    const list = await get('/api/images', ada.token);
    expect(list.statusCode).toBe(200);
    const images = list.json().images as Array<{ id: string; kind: string; prompt: string; width: number }>;
    expect(images.map((image) => image.id)).toEqual([second.id, first.id]);
    expect(images[0]).toMatchObject({
      kind: 'generation',
      prompt: 'a blue boat on a calm sea',
      width: 256,
      height: 256,
    });

    const own = await get(`/api/images/${first.id}`, ada.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(own.headers['content-length']).toBe(String(first.png.length));
    expect(own.rawPayload.equals(first.png)).toBe(true);

    const foreign = await get(`/api/images/${bobs.id}`, ada.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('answers 404 to an id that cannot exist, 400 to a bad limit and 401 without a token', async () => {
    const { token } = await register(t.app);
    expect((await get('/api/images/not-a-uuid', token)).json()).toEqual({ success: false, message: 'Not found' });
    expect((await get('/api/images/0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11', token)).json()).toEqual({
      success: false,
      message: 'Not found',
    });
    expect((await get('/api/images?limit=1000', token)).json()).toEqual({
      success: false,
      message: 'Limit must be at most 100',
    });
    expect((await get('/api/images?limit=2', token)).json()).toEqual({ success: true, images: [], nextCursor: null });
    expect((await get('/api/images')).statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('what made each image, for "Use again", on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: fakeToolProvider().provider });
  });
  afterAll(() => t.close());

  type Listed = { id: string; kind: string; settings: Record<string, unknown>; recipeId: string | null };
  const list = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/images', headers: { token } })).json().images as Listed[];

  it('names the recipe on the image its last step made, and on no other; none once the recipe is deleted', async () => {
    const { token } = await register(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: { token },
      payload: {
        name: 'Cut out and enlarge',
        steps: [{ tool: 'remove-background' }, { tool: 'upscale', settings: { target_width: 96, target_height: 72 } }],
      },
    });
    const recipeId = saved.json().recipe.id as string;
    const run = await submitBatch(
      t.app,
      token,
      [imagePart(await pngOf(48, 36), 'a.png')],
      `/api/recipes/${recipeId}/run`,
    );
    const ran = await waitForBatch(t.app, token, run.json().batchId);
    const plain = await submitBatch(t.app, token, [
      ['tool', 'upscale'],
      ['target_width', '96'],
      ['target_height', '72'],
      imagePart(await pngOf(48, 36)),
    ]);
    await waitForBatch(t.app, token, plain.json().batchId);
    expect(
      (
        await post(t.app, '/api/image/generate-image', token, {
          prompt: 'a red kite',
          model: 'dall-e-2',
          size: '256x256',
        })
      ).statusCode,
    ).toBe(200);

    const images = await list(token);
    // A picture through two steps, a plain batch's upscale, a generation: the balance of 5 spent.
    expect(images).toHaveLength(4);
    expect(
      images.filter((image) => image.recipeId !== null).map((image) => [image.id, image.kind, image.recipeId]),
    ).toEqual([[ran.items[0]!.imageId, 'upscale', recipeId]]);
    // The first step's cut-out, the plain batch's result and the generation keep their own Use again.
    expect(
      images
        .filter((image) => image.recipeId === null)
        .map((image) => image.kind)
        .sort(),
    ).toEqual(['generation', 'remove-background', 'upscale']);
    // A generation's settings are the generator's form: the prompt, the size, the quality.
    expect(images.find((image) => image.kind === 'generation')?.settings).toMatchObject({
      prompt: 'a red kite',
      size: '256x256',
      quality: 'standard',
    });

    // Another user's list says nothing of this recipe.
    expect(await list((await register(t.app)).token)).toEqual([]);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/recipes/${recipeId}`, headers: { token } })).statusCode,
    ).toBe(200);
    expect((await list(token)).every((image) => image.recipeId === null)).toBe(true);
  });
});

/** The stores, with every stream they hand out kept for the test to look at. */
function watched(stores: ImageStores) {
  const streams: Readable[] = [];
  const images: ImageStore = {
    ...stores.images,
    async getStream(key) {
      const found = await stores.images.getStream(key);
      if (found) streams.push(found.stream);
      return found;
    },
  };
  return { stores: { ...stores, images }, streams };
}

describe.each(cases)('GET /api/images/:id over a real socket on %s, stored in %s', (kind, storage) => {
  let t: TestContext;
  let s3: S3TestServer | undefined;
  let root: string;
  let watch: ReturnType<typeof watched>;
  let origin: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-routes-store-'));
    s3 = storage === 's3' ? await startS3Server() : undefined;
    watch = watched(
      await createImageStores(
        s3
          ? { provider: 's3', s3: s3.s3 }
          : { provider: 'files', imagesDir: path.join(root, 'images'), inputsDir: path.join(root, 'inputs') },
      ),
    );
    t = await startTestApp(kind, {}, { imageStores: watch.stores });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** An image of the user's whose stored bytes are replaced by `megabytes` MB: far more than a socket's buffers. */
  const largeImage = async (token: string, megabytes: number) => {
    const response = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'a lighthouse at dusk',
      model: 'dall-e-2',
      size: '256x256',
    });
    const id = response.json().imageId as string;
    const bytes = randomBytes(megabytes * 1024 * 1024);
    await watch.stores.images.put(`${id}.png`, bytes);
    return { id, bytes };
  };

  it('answers generate-image with the bytes it stored, without reading them back when this process made them', async () => {
    const { token } = await register(t.app);
    const before = watch.streams.length;
    const response = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'a lighthouse at dusk',
      model: 'dall-e-2',
      size: '256x256',
    });
    expect(response.statusCode).toBe(200);
    expect(watch.streams.length).toBe(before);
    const { imageId, image } = response.json() as { imageId: string; image: string };
    const stored = await fetch(`${origin}/api/images/${imageId}`, { headers: { token } });
    expect(Buffer.from(await stored.arrayBuffer()).toString('base64')).toBe(
      image.slice('data:image/png;base64,'.length),
    );
  });

  it('streams the stored bytes whole, with their Content-Length', async () => {
    const { token } = await register(t.app);
    const { id, bytes } = await largeImage(token, 4);
    const response = await fetch(`${origin}/api/images/${id}`, { headers: { token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('sends bytes before it has read the whole image, and lets go of the source when the client hangs up', async () => {
    const { token } = await register(t.app);
    const { id } = await largeImage(token, 16);
    const before = watch.streams.length;
    const firstChunk = await new Promise<Buffer>((resolve, reject) => {
      const request = httpGet(`${origin}/api/images/${id}`, { headers: { token } }, (response) => {
        response.once('data', (chunk: Buffer) => {
          // Hang up mid-download, as a closed tab does.
          request.destroy();
          resolve(chunk);
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(firstChunk.length).toBeGreaterThan(0);
    const source = watch.streams[before]!;
    // The file is closed, or the connection to the bucket cut: nothing leaks per gone client.
    await vi.waitFor(() => expect(source.destroyed).toBe(true), { timeout: 10_000 });
    // Buffering the whole image first would have read the source to its end before the first byte went out.
    expect(source.readableEnded).toBe(false);
  });
});
