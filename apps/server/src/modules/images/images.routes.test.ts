import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';

describe.each(databaseKinds)('a user’s images on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const generate = async (token: string, prompt: string) => {
    const response = await post(t.app, '/api/image/generate-image', token, { prompt, model: 'dall-e-2', size: '256x256' });
    expect(response.statusCode).toBe(200);
    return response.json().imageId as string;
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
    expect(images.map((image) => image.id)).toEqual([second, first]);
    expect(images[0]).toMatchObject({ kind: 'generation', prompt: 'a blue boat on a calm sea', width: 256, height: 256 });

    const own = await get(`/api/images/${first}`, ada.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect([...own.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const foreign = await get(`/api/images/${bobs}`, ada.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('answers 404 to an id that cannot exist, 400 to a bad limit and 401 without a token', async () => {
    const { token } = await register(t.app);
    expect((await get('/api/images/not-a-uuid', token)).json()).toEqual({ success: false, message: 'Not found' });
    expect((await get('/api/images?limit=1000', token)).json()).toEqual({ success: false, message: 'Limit must be at most 100' });
    expect((await get('/api/images?limit=2', token)).json()).toEqual({ success: true, images: [] });
    expect((await get('/api/images')).statusCode).toBe(401);
  });
});
