import { access } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  databaseKinds,
  post,
  register,
  startTestApp,
  storedImageFiles,
  type TestContext,
} from '../../test/harness.ts';

describe.each(databaseKinds)('DELETE /api/images/:id on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const generate = async (token: string) => {
    const response = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'A red kite over dunes',
      model: 'dall-e-2',
      size: '256x256',
      quality: 'standard',
    });
    expect(response.statusCode).toBe(200);
    return response.json().imageId as string;
  };
  const remove = (id: string, token?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: token ? { token } : {} });
  const read = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { token } });

  it('lets the owner delete an image: row and file go, the ledger keeps the charge without the link', async () => {
    const { token } = await register(t.app);
    const before = await storedImageFiles(t.location);
    const id = await generate(token);
    const [file] = (await storedImageFiles(t.location)).filter((f) => !before.includes(f));
    expect(file).toContain(id);

    const deleted = await remove(id, token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Image deleted' });
    expect((await read(id, token)).statusCode).toBe(404);
    await expect(access(file!)).rejects.toThrow();
    const ledger = (await t.app.inject({ method: 'GET', url: '/api/credits/ledger', headers: { token } })).json();
    expect(ledger.entries[0]).toMatchObject({ description: 'Image generation', delta: -1, imageId: null });

    const again = await remove(id, token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'Not found' });
  });

  it("answers 404 to another user and leaves the owner's image alone", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const id = await generate(a.token);
    const images = await countRows(t.database, 'images');
    const attempt = await remove(id, b.token);
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json()).toEqual({ success: false, message: 'Not found' });
    expect(await countRows(t.database, 'images')).toBe(images);
    expect((await read(id, a.token)).statusCode).toBe(200);
  });

  it('answers 404 to an id that cannot exist and 401 without a session', async () => {
    const { token } = await register(t.app);
    expect((await remove('not-a-uuid', token)).statusCode).toBe(404);
    expect((await remove('00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(404);
    const anonymous = await remove('00000000-0000-4000-8000-000000000000');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: 'Please log in to continue' });
  });
});
