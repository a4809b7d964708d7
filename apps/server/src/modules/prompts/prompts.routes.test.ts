import { savedPromptMessages, savedPromptsPerUserLimit, type SavedPrompt } from '@lumigen/contract/prompts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';

const list = (t: TestContext, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/prompts', headers: { token } });
const remove = (t: TestContext, token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/prompts/${id}`, headers: { token } });

async function countOf(t: TestContext, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM saved_prompts WHERE user_id = ${userId}`,
  );
  return row!.n;
}

describe.each(databaseKinds)('saved prompts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('saves a prompt with its size, quality and style, lists it newest first and deletes it', async () => {
    const { token } = await register(t.app);
    const first = await post(t.app, '/api/prompts', token, {
      prompt: '  a lighthouse at dusk ',
      size: '1792x1024',
      quality: 'hd',
      style: 'watercolor',
    });
    expect(first.statusCode).toBe(201);
    const saved = first.json().prompt as SavedPrompt;
    expect(saved).toMatchObject({
      prompt: 'a lighthouse at dusk',
      size: '1792x1024',
      quality: 'hd',
      style: 'watercolor',
    });
    // Quality and style may be left out: the generator's own defaults.
    const second = (await post(t.app, '/api/prompts', token, { prompt: 'a fox', size: '256x256' })).json()
      .prompt as SavedPrompt;
    expect(second).toMatchObject({ prompt: 'a fox', size: '256x256', quality: 'standard', style: 'none' });

    expect((await list(t, token)).json().prompts.map((p: SavedPrompt) => p.id)).toEqual([second.id, saved.id]);
    const deleted = await remove(t, token, saved.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: savedPromptMessages.deleted });
    expect((await list(t, token)).json().prompts.map((p: SavedPrompt) => p.id)).toEqual([second.id]);
    expect((await remove(t, token, saved.id)).statusCode).toBe(404);
  });

  it('refuses a prompt a generation would refuse, with the reason, and keeps nothing', async () => {
    const { token, user } = await register(t.app);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ prompt: '   ', size: '1024x1024' }, 'Prompt is required'],
      [{ prompt: 'a fox', size: '999x999' }, 'Size must be one of'],
      [{ prompt: 'a fox', size: '1024x1024', style: 'sepia' }, 'Style must be one of'],
      [{ prompt: 'p'.repeat(1001), size: '512x512' }, 'Prompt must be at most 1000 characters for dall-e-2'],
      [{ prompt: 'a fox', size: '1024x1024', colour: 'red' }, 'colour'],
    ];
    for (const [body, message] of refusals) {
      const response = await post(t.app, '/api/prompts', token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await countOf(t, user.id)).toBe(0);
  });

  it('keeps each prompt to its owner: another user lists none and deletes none', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const saved = (await post(t.app, '/api/prompts', owner.token, { prompt: 'a private idea', size: '512x512' })).json()
      .prompt as SavedPrompt;
    expect((await list(t, other.token)).json().prompts).toEqual([]);
    expect((await remove(t, other.token, saved.id)).statusCode).toBe(404);
    expect((await remove(t, other.token, 'not-an-id')).statusCode).toBe(404);
    expect(await countOf(t, owner.user.id)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/prompts', undefined, { prompt: 'x', size: '512x512' })).statusCode).toBe(401);
  });

  it(`keeps at most ${savedPromptsPerUserLimit} prompts per account, then answers 409 until one is deleted`, async () => {
    const { token, user } = await register(t.app);
    // The first 99 straight into the table; the 100th and the refused 101st through the API.
    await t.database.db.execute(
      sql`INSERT INTO saved_prompts (user_id, prompt, size, quality, style) SELECT ${user.id}, 'prompt ' || n, '512x512', 'standard', 'none' FROM generate_series(1, ${savedPromptsPerUserLimit - 1}) AS n`,
    );
    const last = await post(t.app, '/api/prompts', token, { prompt: 'the hundredth', size: '512x512' });
    expect(last.statusCode).toBe(201);
    const refused = await post(t.app, '/api/prompts', token, { prompt: 'one too many', size: '512x512' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(savedPromptMessages.tooMany);
    expect(await countOf(t, user.id)).toBe(savedPromptsPerUserLimit);

    expect((await remove(t, token, (last.json().prompt as SavedPrompt).id)).statusCode).toBe(200);
    expect((await post(t.app, '/api/prompts', token, { prompt: 'room again', size: '512x512' })).statusCode).toBe(201);
    // Another account is not held to this one's count.
    expect(
      (await post(t.app, '/api/prompts', (await register(t.app)).token, { prompt: 'mine', size: '512x512' }))
        .statusCode,
    ).toBe(201);
  });

  it('goes with its account: a deleted account keeps no saved prompt, another account keeps its own', async () => {
    const leaving = await register(t.app);
    const staying = await register(t.app);
    for (const { token } of [leaving, staying])
      expect((await post(t.app, '/api/prompts', token, { prompt: 'a fox', size: '512x512' })).statusCode).toBe(201);
    expect((await post(t.app, '/api/user/delete', leaving.token, { password: leaving.password })).statusCode).toBe(200);
    expect(await countOf(t, leaving.user.id)).toBe(0);
    expect(await countOf(t, staying.user.id)).toBe(1);
  });
});
