import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, post, register, startTestApp, storedImageFiles, type TestContext } from '../../test/harness.ts';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { callTool, imagePart, pngOf } from '../../test/tool-calls.ts';
import { createImagesService } from './images.service.ts';
import { createImageStores } from './select-store.ts';

const pngOfAnswer = (image: string) => Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64');

describe.each(databaseKinds)('the app configured with an S3 bucket (S3_*), on %s', (kind) => {
  let t: TestContext;
  let s3: S3TestServer;
  const tools = fakeToolProvider();
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(kind, s3.env, { toolProvider: tools.provider });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('keeps generated and edited images in the bucket, serves them from it, and deletes them there', async () => {
    const { token } = await register(t.app);
    const generated = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'a paper boat on a puddle',
      model: 'dall-e-2',
      size: '256x256',
    });
    expect(generated.statusCode).toBe(200);
    const edited = await callTool(t.app, token, 'remove-background', [imagePart(await pngOf(320, 240))]);
    expect(edited.statusCode).toBe(200);

    const ids = [generated.json().imageId as string, edited.json().imageId as string];
    expect(await s3.keys()).toEqual(ids.map((id) => `images/${id}.png`).sort());
    // Nothing on this machine's disk: another instance serves the same images.
    expect(await storedImageFiles(t.location)).toEqual([]);

    for (const [id, answer] of [
      [ids[0], generated],
      [ids[1], edited],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { token } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(pngOfAnswer(answer.json().image))).toBe(true);
    }

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/images/${ids[0]}`, headers: { token } });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.keys()).toEqual([`images/${ids[1]}.png`]);
  });

  it('sweeps an object no image row owns from the bucket, and keeps the owned ones', async () => {
    const { token } = await register(t.app);
    const generated = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'a kite over a beach',
      model: 'dall-e-2',
      size: '256x256',
    });
    expect(generated.statusCode).toBe(200);
    const owned = `images/${generated.json().imageId as string}.png`;
    const orphan = `${randomUUID()}.png`;
    const stores = await createImageStores({ provider: 's3', s3: s3.s3 });
    try {
      const images = createImagesService(t.database.db, stores.images);
      await stores.images.put(orphan, await pngOf(8, 8));
      // A cutoff a minute ahead counts every object as old: only ownership keeps one.
      expect(await images.sweepUnowned(-60_000)).toBeGreaterThanOrEqual(1);
    } finally {
      await stores.close();
    }
    const left = await s3.keys();
    expect(left).toContain(owned);
    expect(left).not.toContain(`images/${orphan}`);
  });
});
