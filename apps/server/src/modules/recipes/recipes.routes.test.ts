import type { RecipeView } from '@lumigen/contract/recipes';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { submitBatch, waitForBatch } from '../../test/batch-calls.ts';
import { fakeEdit, fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { imagePart, pngOf } from '../../test/tool-calls.ts';
import { ToolProviderError } from '../tools/index.ts';

const productShot = {
  tool: 'product-photography',
  settings: { light_theta: 30, light_phi: 90, light_size: 2, shadow_darkness: 0.5 },
};
const upscale = { tool: 'upscale', settings: { target_width: 96, target_height: 72 } };

async function saveRecipe(t: TestContext, token: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/recipes', headers: { token }, payload: body as object });
}

async function jobsOf(t: TestContext, userId: string) {
  return rows<{ kind: string; status: string; message: string | null; image_id: string | null }>(
    t.database.db,
    sql`SELECT kind, status, message, image_id FROM jobs WHERE user_id = ${userId} ORDER BY created_at`,
  );
}

describe.each(databaseKinds)('recipes on %s', (kind) => {
  let t: TestContext;
  // Reimagine fails at the provider: a recipe with it as step 2 fails there.
  const tools = fakeToolProvider(async (input) => {
    if (input.tool === 'reimagine') throw new ToolProviderError('failed', 'scripted failure', { status: 400 });
    return fakeEdit(input.tool, input.image.path, input.fields);
  });

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: tools.provider });
  });
  afterAll(() => t.close());

  it('saves a 3-step recipe, quotes 3 credits, runs it step after step and charges 3', async () => {
    const { token, user } = await register(t.app);
    const saved = await saveRecipe(t, token, {
      name: ' Shop listing ',
      steps: [{ tool: 'remove-background' }, productShot, upscale],
    });
    expect(saved.statusCode).toBe(201);
    const recipe = saved.json().recipe as RecipeView;
    expect(recipe).toMatchObject({
      name: 'Shop listing',
      price: 3,
      steps: [{ tool: 'remove-background', settings: {} }, productShot, upscale],
    });

    tools.calls.length = 0;
    const run = await submitBatch(
      t.app,
      token,
      [imagePart(await pngOf(48, 36), 'mug.png')],
      `/api/recipes/${recipe.id}/run`,
    );
    expect(run.statusCode).toBe(202);
    const batch = await waitForBatch(t.app, token, run.json().batchId);
    expect(batch).toMatchObject({ tool: null, recipeId: recipe.id });
    expect(batch.items).toEqual([
      {
        name: 'mug.png',
        status: 'succeeded',
        jobId: expect.any(String),
        imageId: expect.any(String),
        message: null,
        progress: 100,
        step: 3,
        steps: 3,
      },
    ]);
    // Each step was fed the previous step's image, with its own settings.
    expect(tools.calls.map((call) => [call.tool, call.image.width, call.image.height])).toEqual([
      ['remove-background', 48, 36],
      ['product-photography', 48, 36],
      ['upscale', 48, 36],
    ]);
    expect(tools.calls[1]!.fields).toEqual(productShot.settings);
    const result = await t.app.inject({
      method: 'GET',
      url: `/api/images/${batch.items[0]!.imageId}`,
      headers: { token },
    });
    expect(await sharp(result.rawPayload).metadata()).toMatchObject({ width: 96, height: 72 });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 2, ledgerSum: 2, ledgerRows: 4 });
  });

  it('a failure at step 2 refunds steps 2 and 3 and keeps step 1 image', async () => {
    const { token, user } = await register(t.app);
    const saved = await saveRecipe(t, token, {
      name: 'Fails midway',
      steps: [{ tool: 'remove-background' }, { tool: 'reimagine' }, upscale],
    });
    const recipe = saved.json().recipe as RecipeView;
    const run = await submitBatch(
      t.app,
      token,
      [imagePart(await pngOf(40, 40), 'vase.png')],
      `/api/recipes/${recipe.id}/run`,
    );
    expect(run.statusCode).toBe(202);
    const batch = await waitForBatch(t.app, token, run.json().batchId);
    expect(batch.items[0]).toMatchObject({
      status: 'failed',
      imageId: null,
      step: 2,
      steps: 3,
      message:
        'Step 2 of 3 failed: The editing service could not edit this image. Please try again; your credit was refunded.',
    });
    const [first, second, third] = await jobsOf(t, user.id);
    expect([first?.kind, first?.status, second?.status, third?.status]).toEqual([
      'remove-background',
      'succeeded',
      'failed',
      'failed',
    ]);
    expect(third?.message).toBe('Not run: an earlier step failed. The credit for this step was refunded.');
    // Step 1's image is kept, and it is the one credit spent.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/images/${first!.image_id}`, headers: { token } })).statusCode,
    ).toBe(200);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 6 });
    const [pending] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${user.id} AND status = 'pending'`,
    );
    expect(pending!.n).toBe(0);
  });

  it('reserves every step of every picture up front: 402 and nothing reserved when the balance is short', async () => {
    const { token, user } = await register(t.app);
    const recipe = (
      await saveRecipe(t, token, { name: 'Three', steps: [{ tool: 'remove-text' }, productShot, upscale] })
    ).json().recipe as RecipeView;
    const run = await submitBatch(
      t.app,
      token,
      [imagePart(await pngOf(40, 40), 'a.png'), imagePart(await pngOf(40, 40), 'b.png')],
      `/api/recipes/${recipe.id}/run`,
    );
    expect(run.statusCode).toBe(402);
    // Three credits a picture: five pay for one, and the second is not read.
    expect(run.json().message).toBe(
      'Your balance of 5 credits pays for 1 picture at 3 credits each. Nothing was charged: send at most 1, or buy credits.',
    );
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    expect(await jobsOf(t, user.id)).toEqual([]);
  });

  it('lists, deletes and guards recipes; refuses steps it cannot run', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const refused: Array<[unknown, string]> = [
      [{ name: 'x', steps: [] }, 'A recipe needs at least one step'],
      [{ name: '', steps: [upscale] }, 'Name is required'],
      [
        { name: 'x', steps: [{ tool: 'cleanup' }] },
        "Each step's tool must be one of remove-background, remove-text, product-photography, reimagine, replace-background, upscale, uncrop",
      ],
      [
        { name: 'x', steps: [{ tool: 'upscale', settings: { target_width: 9000 } }] },
        'upscale: Width (target_width) must be between 1 and 4096',
      ],
      [{ name: 'x', steps: [{ tool: 'replace-background' }] }, 'replace-background: Prompt is required'],
    ];
    for (const [body, message] of refused) {
      const response = await saveRecipe(t, owner.token, body);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const first = (await saveRecipe(t, owner.token, { name: 'First', steps: [upscale] })).json().recipe as RecipeView;
    const second = (
      await saveRecipe(t, owner.token, {
        name: 'Second',
        steps: [{ tool: 'replace-background', settings: { prompt: 'a beach' } }],
      })
    ).json().recipe as RecipeView;
    const listed = await t.app.inject({ method: 'GET', url: '/api/recipes', headers: { token: owner.token } });
    expect(listed.json().recipes.map((recipe: RecipeView) => recipe.name)).toEqual(['Second', 'First']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/recipes', headers: { token: other.token } })).json().recipes,
    ).toEqual([]);

    const picture = [imagePart(await pngOf(40, 40))];
    expect((await submitBatch(t.app, other.token, picture, `/api/recipes/${first.id}/run`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/recipes/${first.id}`, headers: { token: other.token } }))
        .statusCode,
    ).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/recipes/${first.id}`,
      headers: { token: owner.token },
    });
    expect(deleted.json()).toEqual({ success: true, message: 'Recipe deleted' });
    expect((await submitBatch(t.app, owner.token, picture, `/api/recipes/${first.id}/run`)).statusCode).toBe(404);
    const extraField = await submitBatch(
      t.app,
      owner.token,
      [['prompt', 'sneaky'], ...picture],
      `/api/recipes/${second.id}/run`,
    );
    expect([extraField.statusCode, extraField.json().message]).toEqual([400, 'Unknown field: prompt']);
    expect(await ledgerState(t.database, owner.user.id)).toMatchObject({ balance: 5 });
  });
});
