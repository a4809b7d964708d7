import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { submitGeneration } from '../../test/job-calls.ts';
import { register, startTestApp, type TestContext } from '../../test/harness.ts';

/*
 * An event stream cannot answer a heartbeat, so a stream counts as idle when its socket stops
 * taking what the server writes (the client reads nothing): after HTTP_IDLE_TIMEOUT_SECONDS of
 * that it is closed and its slot is free again, while a stream that is read stays open.
 */
const idleSeconds = 3;

describe('job event streams whose client stops reading', () => {
  let t: TestContext;
  let port: number;
  const gate = gatedGenerationProvider();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The test writes the job's events itself: the watch's backstop look is what sees them.
    const env = { HTTP_IDLE_TIMEOUT_SECONDS: String(idleSeconds), JOBS_WATCH_BACKSTOP_SECONDS: '0.5' };
    t = await startTestApp('pglite', env, { generationProvider: gate.provider });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    gate.openGate();
    await t.close();
  });

  async function unfinishedJob() {
    const { token } = await register(t.app);
    const accepted = await submitGeneration(t.app, token);
    expect(accepted.statusCode).toBe(202);
    return { token, jobId: accepted.json().jobId as string };
  }

  /** Events far larger than the socket buffers hold (about 8 MB), as if the job had made them. */
  async function addLargeHistory(jobId: string) {
    const padding = 'x'.repeat(32 * 1024);
    await t.database.db.execute(sql`INSERT INTO job_events (job_id, seq, type, data)
      SELECT ${jobId}, 1000 + n, 'progress', jsonb_build_object('progress', 1, 'padding', ${padding}::text) FROM generate_series(1, 256) AS n`);
    await t.database.db.execute(sql`UPDATE jobs SET event_seq = 1256 WHERE id = ${jobId}`);
  }

  /** Opens the stream on a raw socket that never reads (and so never hears of the close either). */
  function openUnread(token: string, jobId: string): void {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.pause();
    socket.on('error', () => undefined);
    socket.write(`GET /api/jobs/${jobId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nToken: ${token}\r\n\r\n`);
  }

  async function streamStatus(token: string, jobId: string): Promise<number> {
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/jobs/${jobId}/events`, {
      headers: { token },
      signal: controller.signal,
    });
    controller.abort();
    return response.status;
  }

  it('closes streams nobody reads and counts their slots free again', async () => {
    const { token, jobId } = await unfinishedJob();
    for (let i = 0; i < 6; i += 1) openUnread(token, jobId);
    // All six slots of the account are taken: heartbeats alone fit in the socket buffers.
    await expect.poll(() => streamStatus(token, jobId), { timeout: 10_000 }).toBe(429);
    // Then the job's events outgrow what an unread socket takes; after the idle timeout the slots are free.
    await addLargeHistory(jobId);
    await expect.poll(() => streamStatus(token, jobId), { timeout: 30_000, interval: 250 }).toBe(200);
  });

  it('keeps a stream that is read open past the timeout, on heartbeats alone', async () => {
    const { token, jobId } = await unfinishedJob();
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/jobs/${jobId}/events`, {
      headers: { token },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const received: string[] = [];
    const decoder = new TextDecoder();
    // Two idle timeouts with nothing but heartbeats to read.
    const until = Date.now() + 2 * idleSeconds * 1000;
    let ended = false;
    while (Date.now() < until) {
      const next = await Promise.race([
        reader.read(),
        new Promise<'wait'>((resolve) => setTimeout(() => resolve('wait'), until - Date.now())),
      ]);
      if (next === 'wait') break;
      if (next.done) {
        ended = true;
        break;
      }
      received.push(decoder.decode(next.value));
    }
    controller.abort();
    expect(ended).toBe(false);
    expect(received.join('')).toContain(': keep-alive');
  });
});
