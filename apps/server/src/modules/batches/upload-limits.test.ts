import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitBatch } from '../../test/batch-calls.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { register, startTestApp, type TestContext } from '../../test/harness.ts';
import { imagePart, multipartBody, pngOf, type Part } from '../../test/tool-calls.ts';

const upscale: Part[] = [
  ['tool', 'upscale'],
  ['target_width', '96'],
  ['target_height', '64'],
];
// A batch's spilled pictures, one folder per request (a running job's own folder is not one).
const uploadsOf = async (t: TestContext) =>
  (await readdir(path.join(t.location.dataDir, 'uploads')).catch(() => [] as string[])).filter((name) =>
    name.startsWith('batch-'),
  );

/** Uploads spill to the disk PGlite writes to: bounded per account, in all, and by the disk's free space. */
describe('upload limits', () => {
  describe('at most 2 uploads of one account at once, and UPLOADS_MAX_SPILL_MB in all', () => {
    let t: TestContext;
    let port: number;
    beforeAll(async () => {
      t = await startTestApp('pglite', { UPLOADS_MAX_SPILL_MB: '1' }, { toolProvider: fakeToolProvider().provider });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => t.close());

    it('answers a third concurrent upload of one account 429 with Retry-After', async () => {
      const { token } = await register(t.app);
      const { payload, contentType } = await multipartBody([...upscale, imagePart(await pngOf(40, 30))]);
      // Two uploads that have sent their first bytes and then wait.
      const held = [0, 1].map(() => {
        const request = http.request({
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/batches',
          headers: { token, 'content-type': contentType, 'content-length': payload.length },
        });
        const answered = new Promise<number>((resolve, reject) => {
          request.on('response', (response) => {
            response.resume();
            resolve(response.statusCode!);
          });
          request.on('error', reject);
        });
        request.write(payload.subarray(0, 200));
        return { request, answered };
      });
      await expect.poll(async () => (await uploadsOf(t)).length, { timeout: 30_000 }).toBe(2);

      const third = await submitBatch(t.app, token, [...upscale, imagePart(await pngOf(40, 30))]);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

      for (const { request } of held) request.end(payload.subarray(200));
      expect(await Promise.all(held.map(({ answered }) => answered))).toEqual([202, 202]);
      // Both ended: the account may upload again.
      expect((await submitBatch(t.app, token, [...upscale, imagePart(await pngOf(40, 30))])).statusCode).toBe(202);
    });

    it('answers 503 with Retry-After once the uploads on disk would pass UPLOADS_MAX_SPILL_MB, and leaves nothing behind', async () => {
      const { token } = await register(t.app);
      const big = Buffer.concat([await pngOf(40, 30), Buffer.alloc(700 * 1024, 1)]);
      const response = await submitBatch(t.app, token, [...upscale, imagePart(big, 'a.png'), imagePart(big, 'b.png')]);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(await uploadsOf(t)).toEqual([]);
    });
  });

  describe('below DISK_MIN_FREE_MB free on DATA_DIR', () => {
    let t: TestContext;
    beforeAll(async () => {
      // More than any disk here has free.
      t = await startTestApp(
        'pglite',
        { DISK_MIN_FREE_MB: String(1024 * 1024 * 1024) },
        { toolProvider: fakeToolProvider().provider },
      );
    });
    afterAll(() => t.close());

    it('refuses paid uploads with 503 and Retry-After, and /api/health says disk: "low"', async () => {
      const { token } = await register(t.app);
      const batch = await submitBatch(t.app, token, [...upscale, imagePart(await pngOf(40, 30))]);
      expect(batch.statusCode).toBe(503);
      expect(Number(batch.headers['retry-after'])).toBeGreaterThan(0);
      const { payload, contentType } = await multipartBody([
        imagePart(await pngOf(40, 30)),
        ['target_width', '96'],
        ['target_height', '64'],
      ]);
      const tool = await t.app.inject({
        method: 'POST',
        url: '/api/jobs/tools/upscale',
        headers: { token, 'content-type': contentType },
        payload,
      });
      expect(tool.statusCode).toBe(503);

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ status: 'ok', database: 'up', disk: 'low' });
    });
  });

  it('reports disk: "ok" with room to spare', async () => {
    const t = await startTestApp('pglite', { DISK_MIN_FREE_MB: '1' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ disk: 'ok' });
    } finally {
      await t.close();
    }
  });
});
