import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ToolFields } from '@lumigen/contract/tools';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jpegOf } from '../../../test/tool-calls.ts';
import { createLocalToolProvider, type LocalToolsOptions } from './local.ts';
import { ToolProviderError, type ToolProvider } from './provider.ts';

const fakeTool = new URL('../../../test/fake-local-tool.ts', import.meta.url).href;

describe('the local tools provider (a worker-thread pool)', () => {
  let provider: ToolProvider | undefined;
  const start = (options: Partial<LocalToolsOptions> = {}) => {
    provider = createLocalToolProvider({ threads: 1, timeoutMs: 20_000, modules: { 'remove-background': fakeTool, upscale: fakeTool }, ...options });
    return provider;
  };
  afterEach(async () => {
    await provider?.close?.();
    provider = undefined;
  });

  // The provider reads uploads from their files, as the route leaves them.
  let photo: string;
  let size: number;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-local-test-'));
    photo = path.join(dir, 'photo.jpg');
    const bytes = await jpegOf(64, 48);
    size = bytes.length;
    await writeFile(photo, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const run = (p: ToolProvider, fields: ToolFields = {}, tool: 'remove-background' | 'upscale' = 'remove-background') =>
    p.run({ tool, image: { path: photo, size, type: 'image/jpeg', width: 64, height: 48 }, fields });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof ToolProviderError ? { failure: error.failure, message: error.message } : error),
    );

  it('runs the tool in a worker thread and hands back a PNG of the tool result', async () => {
    const result = await run(start(), { target_width: 128, target_height: 100 }, 'upscale');
    const metadata = await sharp(result.png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 128, 100]);
    expect([result.width, result.height]).toEqual([128, 100]);
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
    expect(await failureOf(run(start(), { fake: 'throw' }))).toEqual({ failure: 'failed', message: 'remove-background failed: the fake tool broke' });
  });

  it('reports a tool that cannot work with the picture as rejected input, with its reason', async () => {
    const error = await run(start(), { fake: 'refuse' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolProviderError);
    expect(error).toMatchObject({ failure: 'rejected_input', reason: 'no subject was found in the image' });
  });

  it('reports a result that is not an image as failed', async () => {
    expect(await failureOf(run(start(), { fake: 'not-an-image' }))).toEqual({ failure: 'failed', message: 'remove-background returned something that is not an image' });
  });

  it('stops a tool that runs past the timeout, and the next call gets a fresh thread', async () => {
    const p = start({ timeoutMs: 6_000 });
    expect(await failureOf(run(p, { fake: 'hang' }))).toEqual({ failure: 'timeout', message: 'remove-background ran out of time' });
    expect((await run(p)).width).toBe(64);
  });

  it('answers busy at once when every thread is working and the queue is full', async () => {
    const p = start({ maxQueue: 1 });
    await run(p);
    const working = run(p, { fake: 'spin', ms: 1_500 });
    const queued = run(p);
    expect(await failureOf(run(p))).toEqual({ failure: 'busy', message: 'every local worker is busy and the queue is full' });
    await Promise.all([working, queued]);
  });
});
