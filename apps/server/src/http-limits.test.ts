import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { register, startTestApp, type TestContext } from './test/harness.ts';

describe('HTTP limits', () => {
  it('defaults: 120 s for a whole request, 60 s of silence on a connection, 72 s keep-alive', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(
      loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '30', HTTP_IDLE_TIMEOUT_SECONDS: '10', HTTP_KEEP_ALIVE_SECONDS: '5' })
        .http,
    ).toEqual({
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_SECONDS/);
  });

  describe('a request that trickles in', () => {
    let t: TestContext;
    let port: number;
    beforeAll(async () => {
      t = await startTestApp('pglite', { HTTP_REQUEST_TIMEOUT_SECONDS: '1', HTTP_IDLE_TIMEOUT_SECONDS: '30' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    afterAll(() => t.close());

    // Without the timeout the connection stays open and this test runs into its own time limit.
    it('is cut off at the request timeout, and its spilled upload is removed', { timeout: 30_000 }, async () => {
      const { token } = await register(t.app);
      const uploads = path.join(t.location.dataDir, 'uploads');
      const before = await readdir(uploads).catch(() => []);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const boundary = 'trickle';
      socket.write(
        `POST /api/image/tools/upscale HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      // One byte every 200 ms: never idle long enough for the idle timeout, never finishing.
      let sawSpill = false;
      const trickle = setInterval(() => {
        if (!socket.destroyed) socket.write('x');
      }, 200);
      const watch = setInterval(() => {
        void readdir(uploads)
          .catch(() => [])
          .then((now) => {
            if (now.length > before.length) sawSpill = true;
          });
      }, 50);
      await closed;
      clearInterval(trickle);
      clearInterval(watch);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(sawSpill).toBe(true);
      for (let i = 0; i < 100 && (await readdir(uploads)).length > before.length; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await readdir(uploads)).toEqual(before);
    });
  });
});
