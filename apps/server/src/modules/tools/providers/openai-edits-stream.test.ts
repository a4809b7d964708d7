import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { picturePng } from '../../../test/pictures.ts';
import { createOpenAiEditsProvider } from './openai-edits.ts';
import type { ProviderCall } from './provider.ts';

// OpenAI streams an edit as `image_edit.partial_image` events, then `image_edit.completed` (docs/decisions/058).
describe('an edit streamed by OpenAI', () => {
  let fake: FakeOpenAi;
  let dir: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    dir = await mkdtemp(path.join(tmpdir(), 'openai-edit-stream-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('hears the partial pictures, then answers the final one with its usage', async () => {
    const photo = await picturePng(96, 64);
    const file = path.join(dir, 'image.png');
    await writeFile(file, photo);
    const provider = createOpenAiEditsProvider({
      apiKey: 'sk-edits-test',
      baseUrl: fake.baseUrl,
      model: 'gpt-image-2.6-flare',
      timeoutMs: 10_000,
    });
    const heard: Array<{ width?: number; height?: number }> = [];
    const calls: ProviderCall[] = [];
    const answer = await provider.run({
      tool: 'reimagine',
      image: { path: file, size: photo.length, type: 'image/png', width: 96, height: 64 },
      fields: {},
      report: (call) => calls.push(call),
      async preview(image) {
        const { width, height } = await sharp(image).metadata();
        heard.push({ width, height });
      },
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({ stream: 'true', partial_images: '2' });
    // Partial pictures at the size OpenAI draws; the job makes them small (job-previews.test.ts).
    const drawn = String(fake.requests.at(-1)?.body.size).split('x').map(Number);
    expect(heard).toEqual([
      { width: drawn[0], height: drawn[1] },
      { width: drawn[0], height: drawn[1] },
    ]);
    expect([answer.width, answer.height]).toEqual([96, 64]);
    expect(calls).toEqual([
      expect.objectContaining({ status: 200, usage: { input_tokens: 1200, output_tokens: 4000, total_tokens: 5200 } }),
    ]);
  });

  it('asks for no partial pictures when nobody will see them', async () => {
    const photo = await picturePng(96, 64);
    const file = path.join(dir, 'unwatched.png');
    await writeFile(file, photo);
    const provider = createOpenAiEditsProvider({
      apiKey: 'sk-edits-test',
      baseUrl: fake.baseUrl,
      model: 'gpt-image-2.6-flare',
      timeoutMs: 10_000,
    });
    const answer = await provider.run({
      tool: 'reimagine',
      image: { path: file, size: photo.length, type: 'image/png', width: 96, height: 64 },
      fields: {},
    });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('stream');
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('partial_images');
    expect([answer.width, answer.height]).toEqual([96, 64]);
  });
});
