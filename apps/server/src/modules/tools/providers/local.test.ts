import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toolSliders, type ToolFields } from '@lumigen/contract/tools';
import { lightSliders } from '@lumigen/imaging';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pngSource } from '../../../lib/image-bytes.ts';
import { jpegOf } from '../../../test/tool-calls.ts';
import { createLocalToolsProvider } from './local.ts';
import { ToolProviderError, type ToolProvider } from './provider.ts';

const fakeTool = new URL('../../../test/fake-local-tool.ts', import.meta.url).href;
const brokenTool = new URL('../../../test/fake-broken-local-tool.ts', import.meta.url).href;
const refusingTool = new URL('../../../test/fake-refusing-local-tool.ts', import.meta.url).href;

describe('the local tools provider (@lumigen/imaging on its worker pool)', () => {
  let provider: ToolProvider | undefined;
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
  const run = (
    fields: ToolFields = {},
    tool: 'remove-background' | 'upscale' | 'cleanup' | 'remove-text' = 'remove-background',
  ) => {
    provider = createLocalToolsProvider({
      threads: 1,
      timeoutMs: 20_000,
      modules: { 'remove-background': fakeTool, upscale: fakeTool, cleanup: brokenTool, 'remove-text': refusingTool },
    });
    return provider.run({ tool, image: { path: photo, size, type: 'image/jpeg', width: 64, height: 48 }, fields });
  };
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) =>
        error instanceof ToolProviderError
          ? { failure: error.failure, message: error.message, reason: error.reason }
          : error,
    );

  it('reads the upload from its file and answers the tool result as a PNG with its size', async () => {
    const result = await run({ target_width: 128, target_height: 100 }, 'upscale');
    const metadata = await sharp(pngSource(result.png)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 128, 100]);
    expect([result.width, result.height]).toEqual([128, 100]);
  });

  it('reports a tool that throws as failed, with its message for the log', async () => {
    expect(await failureOf(run({}, 'cleanup'))).toEqual({
      failure: 'failed',
      message: 'cleanup failed: the fake tool broke',
      reason: undefined,
    });
  });

  it('reports a tool that cannot work with the picture as rejected input, with its reason', async () => {
    const error = await run({}, 'remove-text').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolProviderError);
    expect(error).toMatchObject({ failure: 'rejected_input', reason: 'no subject was found in the image' });
  });

  it('reports a result that is not an image as failed', async () => {
    expect(await failureOf(run({ fake: 'not-an-image' }))).toEqual({
      failure: 'failed',
      message: 'remove-background returned something that is not an image',
      reason: undefined,
    });
  });

  it('gives the product-photography light the ranges and defaults the contract publishes', () => {
    const published = Object.fromEntries(
      toolSliders['product-photography'].map(({ name, min, max, default: value }) => [
        name,
        { min, max, default: value },
      ]),
    );
    expect(lightSliders).toEqual(published);
  });
});
