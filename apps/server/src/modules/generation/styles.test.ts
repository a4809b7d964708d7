import { imageStyles, promptWithStyle } from '@lumigen/contract/generation';
import type { ImageSummary } from '@lumigen/contract/images';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { catRequest, submitGeneration, waitForJob } from '../../test/job-calls.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { picturePng } from '../../test/pictures.ts';
import type { GenerationInput, GenerationProvider } from './providers/provider.ts';

describe('a style', () => {
  it('adds its words after the prompt; None adds nothing', () => {
    expect(promptWithStyle('a fox', 'watercolor')).toBe(`a fox, ${imageStyles.watercolor.suffix}`);
    expect(promptWithStyle('a fox', 'none')).toBe('a fox');
    expect(Object.values(imageStyles).map((style) => style.label)).toEqual([
      'None',
      'Photographic',
      'Cinematic',
      'Illustration',
      'Anime',
      '3D render',
      'Watercolor',
      'Flat logo',
    ]);
  });
});

describe.each(databaseKinds)('generating with a style on %s', (kind) => {
  let t: TestContext;
  const asked: GenerationInput[] = [];
  // Records what the provider is asked to draw.
  const recording: GenerationProvider = {
    name: 'local',
    async generate(input) {
      asked.push(input);
      return { png: await picturePng(256, 256), width: 256, height: 256 };
    },
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { generationProvider: recording });
  });
  afterAll(() => t.close());

  it('sends the prompt with the style’s words, and keeps the user’s words and the style with the image', async () => {
    const { token } = await register(t.app);
    asked.length = 0;
    const accepted = await submitGeneration(t.app, token, {
      ...catRequest,
      prompt: ' a fox in the snow ',
      style: 'cinematic',
    });
    expect(accepted.statusCode).toBe(202);
    const job = await waitForJob(t.app, token, accepted.json().jobId);
    expect(job.status).toBe('succeeded');
    expect(asked.map((input) => input.prompt)).toEqual([`a fox in the snow, ${imageStyles.cinematic.suffix}`]);

    const [row] = await rows<{ prompt: string; params: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT prompt, params FROM images WHERE id = ${job.imageId}`,
    );
    expect(row).toMatchObject({ prompt: 'a fox in the snow', params: { style: 'cinematic', size: '256x256' } });
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/images', headers: { token } })).json()
      .images as ImageSummary[];
    expect(listed).toMatchObject({
      id: job.imageId,
      prompt: 'a fox in the snow',
      style: 'cinematic',
      settings: { style: 'cinematic', prompt: 'a fox in the snow' },
    });
  });

  it('takes a request without a style as None: the prompt goes as written', async () => {
    const { token } = await register(t.app);
    asked.length = 0;
    const job = await waitForJob(t.app, token, (await submitGeneration(t.app, token, catRequest)).json().jobId);
    expect(asked.map((input) => input.prompt)).toEqual([catRequest.prompt]);
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/images', headers: { token } })).json()
      .images as ImageSummary[];
    expect(listed).toMatchObject({ id: job.imageId, style: 'none' });
  });

  it('refuses a style it does not offer, and a prompt the style would take past the limit, charging nothing', async () => {
    const { token, user } = await register(t.app);
    const before = await ledgerState(t.database, user.id);
    const unknown = await submitGeneration(t.app, token, { ...catRequest, style: 'sepia' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'Style must be one of none, photographic, cinematic, illustration, anime, 3d-render, watercolor, flat-logo',
    );
    const room = 1000 - `, ${imageStyles.anime.suffix}`.length;
    const tooLong = await submitGeneration(t.app, token, {
      ...catRequest,
      prompt: 'p'.repeat(room + 1),
      style: 'anime',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(`Prompt must be at most ${room} characters for dall-e-2 with the Anime style`);
    const fits = await submitGeneration(t.app, token, { ...catRequest, prompt: 'p'.repeat(room), style: 'anime' });
    expect(fits.statusCode).toBe(202);
    expect((await waitForJob(t.app, token, fits.json().jobId)).status).toBe('succeeded');
    expect((await ledgerState(t.database, user.id)).balance).toBe(before.balance - 1);
  });
});
