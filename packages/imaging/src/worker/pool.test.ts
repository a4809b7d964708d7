import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InputRejected } from '../tool.ts';
import { createToolPool, ToolPoolError, type ToolPool, type ToolPoolOptions } from './pool.ts';

const fakeTool = new URL('../../test/fake-tool.ts', import.meta.url).href;

describe('the tool pool (worker threads)', () => {
  let pool: ToolPool | undefined;
  const start = (options: Partial<ToolPoolOptions> = {}) => {
    pool = createToolPool({
      threads: 1,
      timeoutMs: 20_000,
      modules: { 'remove-background': fakeTool, upscale: fakeTool },
      ...options,
    });
    return pool;
  };
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
  });
  // A copy each time: the pool moves the bytes to its thread.
  const run = (p: ToolPool, params: Record<string, number | string> = {}) =>
    p.run('remove-background', { image: Buffer.from(photo), params: params as never });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof ToolPoolError ? { failure: error.failure, message: error.message } : error),
    );

  it('runs the tool in a worker thread and hands back the PNG of the tool result', async () => {
    const png = await start().run('upscale', {
      image: Buffer.from(photo),
      params: { target_width: 128, target_height: 100 },
    });
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 128, 100]);
  });

  it('keeps the event loop free while a tool burns CPU', async () => {
    const p = start();
    await run(p); // the thread is started and the tool loaded
    // A tool on this thread would hold the loop for the whole 2 s; on a worker, timers keep firing
    // (the bound is loose: the machine may be busy with other work too).
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    await run(p, { fake: 'spin', ms: 2_000 });
    clearInterval(timer);
    expect(longestGap).toBeLessThan(1_000);
  });

  it('reports a tool that throws as failed, with its message for the log', async () => {
    expect(await failureOf(run(start(), { fake: 'throw' }))).toEqual({
      failure: 'failed',
      message: 'remove-background failed: the fake tool broke',
    });
  });

  it('throws a refusal of the picture again on this side, with its reason', async () => {
    const error = await run(start(), { fake: 'refuse' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputRejected);
    expect((error as Error).message).toBe('no subject was found in the image');
  });

  it('hands back whatever bytes the tool made (the caller checks they are an image)', async () => {
    expect((await run(start(), { fake: 'not-an-image' })).toString()).toBe('certainly not a PNG');
  });

  it('stops a tool that runs past the timeout, and the next call gets a fresh thread', async () => {
    const p = start({ timeoutMs: 6_000 });
    expect(await failureOf(run(p, { fake: 'hang' }))).toEqual({
      failure: 'timeout',
      message: 'remove-background ran out of time',
    });
    expect((await sharp(await run(p)).metadata()).width).toBe(64);
  });

  it('answers busy at once when every thread is working and the queue is full', async () => {
    const p = start({ maxQueue: 1 });
    await run(p);
    const working = run(p, { fake: 'spin', ms: 1_500 });
    const queued = run(p);
    expect(await failureOf(run(p))).toEqual({
      failure: 'busy',
      message: 'every local worker is busy and the queue is full',
    });
    await Promise.all([working, queued]);
  });
});
