import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createKey } from '../../test/api-keys.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { parseEvents, submitGeneration, waitForJob } from '../../test/job-calls.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { GenerationProviderError } from '../generation/index.ts';

/** Every event of a finished job, in order (the stream ends after the last). */
async function eventsOf(t: TestContext, token: string, jobId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/events`, headers: { token } });
  expect(response.statusCode).toBe(200);
  return parseEvents(response.body);
}

const getPreview = (t: TestContext, headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'GET', url, headers });

async function previewRows(t: TestContext, jobId: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS count FROM job_previews WHERE job_id = ${jobId}`,
  );
  return row?.count ?? 0;
}

describe.each(databaseKinds)('previews of a generation on %s, with the local painter', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams two `preview` events before `succeeded`, then keeps none of them', async () => {
    const { token } = await register(t.app);
    const accepted = await submitGeneration(t.app, token, {
      prompt: 'A lighthouse on a cliff at dusk',
      model: 'dall-e-3',
      size: '1792x1024',
      quality: 'standard',
    });
    expect(accepted.statusCode).toBe(202);
    const jobId = accepted.json().jobId as string;
    expect((await waitForJob(t.app, token, jobId)).status).toBe('succeeded');

    const events = await eventsOf(t, token, jobId);
    const types = events.map((event) => event.event);
    expect(types.filter((type) => type === 'preview')).toHaveLength(2);
    expect(types.lastIndexOf('preview')).toBeLessThan(types.indexOf('succeeded'));
    expect(events.filter((event) => event.event === 'preview').map((event) => event.data)).toEqual([
      { n: 1, imageUrl: `/api/jobs/${jobId}/previews/1` },
      { n: 2, imageUrl: `/api/jobs/${jobId}/previews/2` },
    ]);
    // Ended: the previews are gone, and their address says so.
    expect(await previewRows(t, jobId)).toBe(0);
    expect((await getPreview(t, { token }, `/api/jobs/${jobId}/previews/1`)).statusCode).toBe(404);
  });
});

describe('previews of a generation whose caller waits for the picture', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes none: generate-image answers the picture, and its job has no `preview` event', async () => {
    const { token } = await register(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/image/generate-image',
      headers: { token },
      payload: { prompt: 'A lighthouse on a cliff at dusk', model: 'dall-e-2', size: '256x256' },
    });
    expect(answer.statusCode).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/jobs', headers: { token } });
    const [job] = listed.json().jobs as Array<{ id: string }>;
    const types = (await eventsOf(t, token, job!.id)).map((event) => event.event);
    expect(types).toContain('succeeded');
    expect(types).not.toContain('preview');
  });
});

describe.each(databaseKinds)('previews while a generation runs, on %s', (kind) => {
  let t: TestContext;
  const gate = gatedGenerationProvider({ previews: 2 });
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { generationProvider: gate.provider });
  });
  afterAll(async () => {
    gate.openGate();
    await t.close();
  });

  /** A job of a new user, held by the gate after its two previews were kept. */
  async function runningWithPreviews() {
    const owner = await register(t.app);
    const accepted = await submitGeneration(t.app, owner.token);
    expect(accepted.statusCode).toBe(202);
    const jobId = accepted.json().jobId as string;
    await expect.poll(() => previewRows(t, jobId), { timeout: 30_000 }).toBe(2);
    return { owner, jobId, call: gate.calls.at(-1)! };
  }

  it('serves each preview to its owner as a small WebP, by session or API key, and to nobody else', async () => {
    const { owner, jobId, call } = await runningWithPreviews();
    const url = `/api/jobs/${jobId}/previews/2`;

    const answer = await getPreview(t, { token: owner.token }, url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const { format, width, height } = await sharp(answer.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 128, height: 96 });

    const { key } = await createKey(t, owner.token, { name: 'watcher', scopes: ['read'] });
    expect((await getPreview(t, { authorization: `Bearer ${key}` }, url)).statusCode).toBe(200);

    const stranger = await register(t.app);
    expect((await getPreview(t, { token: stranger.token }, url)).statusCode).toBe(404);
    const strangerKey = await createKey(t, stranger.token, { name: 'prying', scopes: ['read'] });
    expect((await getPreview(t, { authorization: `Bearer ${strangerKey.key}` }, url)).statusCode).toBe(404);
    expect((await getPreview(t, {}, url)).statusCode).toBe(401);
    // A preview never made, and one beyond the most a job keeps.
    expect((await getPreview(t, { token: owner.token }, `/api/jobs/${jobId}/previews/3`)).statusCode).toBe(404);
    expect((await getPreview(t, { token: owner.token }, `/api/jobs/${jobId}/previews/4`)).statusCode).toBe(400);

    call.release();
    expect((await waitForJob(t.app, owner.token, jobId)).status).toBe('succeeded');
    expect((await getPreview(t, { token: owner.token }, url)).statusCode).toBe(404);
    expect(await previewRows(t, jobId)).toBe(0);
    // Previews cost nothing: the one credit of the generation, committed.
    expect(await ledgerState(t.database, owner.user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('refunds a job that fails after its previews, and deletes them', async () => {
    const { owner, jobId, call } = await runningWithPreviews();
    call.fail(new GenerationProviderError('content_policy', 'prompt refused by the content policy', { status: 400 }));
    const ended = await waitForJob(t.app, owner.token, jobId);
    expect(ended.status).toBe('failed');
    const types = (await eventsOf(t, owner.token, jobId)).map((event) => event.event);
    expect(types.filter((type) => type === 'preview')).toHaveLength(2);
    expect(types.at(-1)).toBe('failed');
    expect(await previewRows(t, jobId)).toBe(0);
    expect((await getPreview(t, { token: owner.token }, `/api/jobs/${jobId}/previews/1`)).statusCode).toBe(404);
    expect(await ledgerState(t.database, owner.user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('deletes the previews of a job its owner cancels', async () => {
    const { owner, jobId } = await runningWithPreviews();
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/cancel`,
      headers: { token: owner.token },
    });
    expect(canceled.statusCode).toBe(200);
    expect(await previewRows(t, jobId)).toBe(0);
    expect((await getPreview(t, { token: owner.token }, `/api/jobs/${jobId}/previews/1`)).statusCode).toBe(404);
  });
});
