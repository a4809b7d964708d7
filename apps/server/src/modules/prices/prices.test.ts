import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { GenerationProviderError } from '../generation/index.ts';
import { catRequest, submitGeneration, waitForJob } from '../../test/job-calls.ts';

/** Sets a price as another process would: straight in the database, heard through its notification. */
async function setPriceElsewhere(t: TestContext, action: string, credits: number) {
  await t.database.db.execute(sql`UPDATE action_prices SET credits = ${credits} WHERE action = ${action}`);
}

async function providersPrices(t: TestContext) {
  const response = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
  expect(response.statusCode).toBe(200);
  return response.json().prices as {
    generation: { credits: number };
    generationHd: { credits: number };
    tools: Record<string, { credits: number }>;
  };
}

/** Waits until this process has heard of a change made in the database (LISTEN/NOTIFY). */
async function untilGenerationCosts(t: TestContext, credits: number) {
  const deadline = Date.now() + 15_000;
  while ((await providersPrices(t)).generation.credits !== credits) {
    if (Date.now() > deadline) throw new Error(`the generation price never became ${credits}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function balanceOf(t: TestContext, userId: string) {
  return (await ledgerState(t.database, userId)).balance;
}

async function reservedCosts(t: TestContext, userId: string) {
  return (
    await rows<{ cost: number; status: string }>(
      t.database.db,
      sql`SELECT r.cost, r.status FROM jobs j JOIN credit_reservations r ON r.id = j.reservation_id
          WHERE j.user_id = ${userId} ORDER BY j.created_at`,
    )
  ).map((row) => [row.cost, row.status]);
}

describe.each(databaseKinds)('the operator’s prices on %s', (kind) => {
  let t: TestContext;
  const gate = gatedGenerationProvider();

  beforeAll(async () => {
    // Real providers' names: the work is priced as theirs, not as a local preview.
    t = await startTestApp(
      kind,
      {},
      {
        generationProvider: { ...gate.provider, name: 'openai' },
        toolProvider: { ...fakeToolProvider().provider, name: 'clipdrop' },
      },
    );
  });
  afterAll(() => t.close());

  it('seeds every action from the defaults, once', async () => {
    const stored = await rows<{ action: string; credits: number }>(
      t.database.db,
      sql`SELECT action, credits FROM action_prices ORDER BY action`,
    );
    expect(Object.fromEntries(stored.map((row) => [row.action, row.credits]))).toEqual({
      generation: 1,
      'generation-hd': 1,
      'remove-background': 1,
      'remove-text': 1,
      'product-photography': 1,
      reimagine: 1,
      'replace-background': 1,
      upscale: 1,
      uncrop: 1,
      cleanup: 1,
      edit: 1,
      // The harness's LOCAL_PREVIEW_CREDITS.
      preview: 1,
    });
  });

  it('charges new jobs the new price and a job reserved before the change the old one', async () => {
    const { token, user } = await register(t.app);
    const asked = gate.calls.length;
    const before = (await submitGeneration(t.app, token)).json();
    expect(await balanceOf(t, user.id)).toBe(4);
    await gate.waitForCalls(asked + 1);

    await setPriceElsewhere(t, 'generation', 3);
    await untilGenerationCosts(t, 3);
    const after = (await submitGeneration(t.app, token)).json();
    expect(await balanceOf(t, user.id)).toBe(1);

    gate.openGate();
    expect((await waitForJob(t.app, token, before.jobId)).status).toBe('succeeded');
    expect((await waitForJob(t.app, token, after.jobId)).status).toBe('succeeded');
    gate.closeGate();
    expect(await reservedCosts(t, user.id)).toEqual([
      [1, 'committed'],
      [3, 'committed'],
    ]);
    // Bonus 5, then −1 and −3: the ledger agrees with the balance.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 1, ledgerSum: 1, ledgerRows: 3 });

    // Short of the new price: the 402 names it, and nothing is reserved.
    const refused = await submitGeneration(t.app, token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ creditBalance: 1, creditsNeeded: 3 });
    await setPriceElsewhere(t, 'generation', 1);
    await untilGenerationCosts(t, 1);
  });

  it('a refunded job gives back what it was charged, not the price at its end', async () => {
    const { token, user } = await register(t.app);
    const asked = gate.calls.length;
    const first = (await submitGeneration(t.app, token)).json();
    await gate.waitForCalls(asked + 1);
    await setPriceElsewhere(t, 'generation', 4);
    await untilGenerationCosts(t, 4);
    gate.calls.at(-1)!.fail(new GenerationProviderError('content_policy', 'flagged', { status: 400 }));
    expect((await waitForJob(t.app, token, first.jobId)).status).toBe('failed');
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    await setPriceElsewhere(t, 'generation', 1);
    await untilGenerationCosts(t, 1);
  });

  it('prices a generation by its quality', async () => {
    const { token, user } = await register(t.app);
    await setPriceElsewhere(t, 'generation-hd', 2);
    const deadline = Date.now() + 15_000;
    while ((await providersPrices(t)).generationHd.credits !== 2) {
      if (Date.now() > deadline) throw new Error('the HD price never changed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    gate.openGate();
    const hd = (
      await submitGeneration(t.app, token, { ...catRequest, model: 'dall-e-3', size: '1024x1024', quality: 'hd' })
    ).json();
    expect(await balanceOf(t, user.id)).toBe(3);
    const standard = (await submitGeneration(t.app, token, catRequest)).json();
    expect(await balanceOf(t, user.id)).toBe(2);
    // dall-e-2 draws at one quality: asking it for HD pays the standard price.
    const small = (await submitGeneration(t.app, token, { ...catRequest, quality: 'hd' })).json();
    expect(await balanceOf(t, user.id)).toBe(1);
    for (const job of [hd, standard, small]) await waitForJob(t.app, token, job.jobId);
    gate.closeGate();
    expect(await reservedCosts(t, user.id)).toEqual([
      [2, 'committed'],
      [1, 'committed'],
      [1, 'committed'],
    ]);
  });

  it('answers each tool’s current price to every page', async () => {
    await setPriceElsewhere(t, 'upscale', 7);
    const deadline = Date.now() + 15_000;
    while ((await providersPrices(t)).tools.upscale!.credits !== 7) {
      if (Date.now() > deadline) throw new Error('the upscale price never changed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const prices = await providersPrices(t);
    expect(prices.tools.upscale).toEqual({ credits: 7, preview: false });
    expect(prices.tools['remove-background']).toEqual({ credits: 1, preview: false });
  });

  it('charges the specification’s deduct-credit call the current price of an edit', async () => {
    await setPriceElsewhere(t, 'edit', 2);
    const deadline = Date.now() + 15_000;
    while ((await t.app.inject({ method: 'GET', url: '/api/image/providers' })).json().edit.price.credits !== 2) {
      if (Date.now() > deadline) throw new Error('the edit price never changed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { token, user } = await register(t.app);
    const deducted = await t.app.inject({ method: 'POST', url: '/api/image/deduct-credit', headers: { token } });
    expect(deducted.statusCode).toBe(200);
    expect(deducted.json().creditBalance).toBe(3);
    expect(await balanceOf(t, user.id)).toBe(3);
    await setPriceElsewhere(t, 'edit', 1);
  });
});
