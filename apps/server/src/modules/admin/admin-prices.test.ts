import { priceActions } from '@lumigen/contract/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { confirmAdmin, registerAdmin } from '../../test/admin.ts';
import { databaseKinds, startTestApp, type TestContext } from '../../test/harness.ts';

describe.each(databaseKinds)('the operator sets prices on %s', (kind) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await registerAdmin(t);
    await confirmAdmin(t.app, admin);
  });
  afterAll(() => t.close());

  const setPrice = (action: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/prices/${action}`, headers: { token: admin.token }, payload });
  const auditRows = () =>
    rows<{
      action: string;
      admin_id: string;
      target_user_id: string | null;
      reason: string;
      before: unknown;
      after: unknown;
    }>(
      t.database.db,
      sql`SELECT action, admin_id, target_user_id, reason, before, after FROM admin_actions WHERE action = 'price.set' ORDER BY id`,
    );
  const storedPrice = async (action: string) =>
    (await rows<{ credits: number }>(t.database.db, sql`SELECT credits FROM action_prices WHERE action = ${action}`))[0]
      ?.credits;

  it('lists every action with its current price', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/prices', headers: { token: admin.token } });
    expect(response.statusCode).toBe(200);
    const { prices } = response.json() as { prices: Array<{ action: string; credits: number; updatedAt: null }> };
    expect(prices.map((price) => price.action)).toEqual([...priceActions]);
    expect(prices.find((price) => price.action === 'generation')).toMatchObject({ credits: 1, updatedAt: null });
  });

  it.each([
    ['a price above 100', 'generation', { credits: 101, reason: 'Too much' }, 'Credits must be between 0 and 100'],
    ['a negative price', 'generation', { credits: -1, reason: 'Too little' }, 'Credits must be between 0 and 100'],
    ['a fraction', 'generation', { credits: 1.5, reason: 'Halves' }, 'Credits must be a whole number'],
    ['no reason', 'generation', { credits: 2 }, 'Reason'],
    ['an unknown action', 'teleport', { credits: 2, reason: 'New thing' }, 'Action must be one of'],
  ])('refuses %s with 400, changing nothing and auditing nothing', async (_case, action, payload, message) => {
    const response = await setPrice(action, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await storedPrice('generation')).toBe(1);
    expect(await auditRows()).toEqual([]);
  });

  it('changes a price and writes its audit row with the reason, before and after; every page hears it at once', async () => {
    const response = await setPrice('remove-background', {
      credits: 3,
      reason: 'The cut-out model costs us three times as much',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      price: { action: 'remove-background', credits: 3 },
      message: 'Remove background now costs 3 credits; work already accepted keeps its price',
    });
    expect(response.json().price.updatedAt).not.toBeNull();
    expect(await storedPrice('remove-background')).toBe(3);
    expect(await auditRows()).toEqual([
      {
        action: 'price.set',
        admin_id: admin.user.id,
        target_user_id: null,
        reason: 'The cut-out model costs us three times as much',
        before: { action: 'remove-background', credits: 1 },
        after: { action: 'remove-background', credits: 3 },
      },
    ]);
    // Background removal is a learned model even on the local engines: priced as itself, not as a preview.
    const providers = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    expect(providers.json().prices.tools['remove-background']).toEqual({ credits: 3, preview: false });
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/prices', headers: { token: admin.token } });
    expect(listed.json().prices.find((price: { action: string }) => price.action === 'remove-background').credits).toBe(
      3,
    );
  });

  it('answers a generation’s price as the plans count it, even where the local painter makes it a free preview', async () => {
    expect((await setPrice('generation', { credits: 2, reason: 'Images cost us more now' })).statusCode).toBe(200);
    const providers = await t.app.inject({ method: 'GET', url: '/api/image/providers' });
    // The harness's painter is local: a generation here is a preview at the preview price.
    expect(providers.json().prices.generation).toEqual({ credits: 1, preview: true });
    expect(providers.json().prices.imageCredits).toBe(2);
  });
});
