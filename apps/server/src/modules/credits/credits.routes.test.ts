import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';

describe.each(databaseKinds)('credit calls on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('get-credit answers the balance with the name, the e-mail, whether it is confirmed and the role, with or without a body', async () => {
    const { token, user } = await register(t.app, { name: 'Linus' });
    for (const payload of [undefined, {}]) {
      const response = await post(t.app, '/api/image/get-credit', token, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Credit loaded',
        creditBalance: 5,
        name: 'Linus',
        email: user.email,
        emailVerified: false,
        role: 'customer',
      });
    }
  });

  it('deduct-credit takes one credit per call, then answers 402 with the balance', async () => {
    const { token, user } = await register(t.app);
    for (let expected = 4; expected >= 0; expected -= 1) {
      const response = await post(t.app, '/api/image/deduct-credit', token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: '1 credit deducted', creditBalance: expected });
    }
    const refused = await post(t.app, '/api/image/deduct-credit', token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      success: false,
      message:
        'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
      creditBalance: 0,
      creditsNeeded: 1,
    });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
    const reasons = await rows<{ reason: string; delta: number; balance_after: number }>(
      t.database.db,
      sql`SELECT reason, delta, balance_after FROM credit_ledger WHERE user_id = ${user.id} ORDER BY id`,
    );
    expect(reasons.map((r) => r.balance_after)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(reasons.slice(1).every((r) => r.reason === 'spend' && r.delta === -1)).toBe(true);
  });

  it('50 concurrent deductions on 5 credits: exactly 5 succeed, 45 get 402, ledger equals balance', async () => {
    const { token, user } = await register(t.app);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(t.app, '/api/image/deduct-credit', token)),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(ok.map((r) => r.json().creditBalance).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const r of refused)
      expect(r.json()).toMatchObject({
        success: false,
        message:
          'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
        creditsNeeded: 1,
      });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
  });

  it('one account cannot spend another account’s credits', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await post(t.app, '/api/image/deduct-credit', a.token);
    expect((await ledgerState(t.database, a.user.id)).balance).toBe(4);
    expect((await ledgerState(t.database, b.user.id)).balance).toBe(5);
    expect((await post(t.app, '/api/image/get-credit', b.token)).json().creditBalance).toBe(5);
  });

  it('rejects a body on the credit calls with the field named', async () => {
    const { token, user } = await register(t.app);
    const response = await post(t.app, '/api/image/deduct-credit', token, { amount: -100 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Unknown field: amount' });
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
  });
});
