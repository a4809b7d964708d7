import { adminActionsPageSize } from '@lumigen/contract/admin';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/client.ts';
import { confirmAdmin, registerAdmin } from '../../test/admin.ts';
import { confirmAddressOf } from '../../test/api-keys.ts';
import {
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  testConfig,
  type TestContext,
} from '../../test/harness.ts';
import { linkIn, tokenOf, waitForMail } from '../../test/mail.ts';
import { recordAdminAction } from './index.ts';

type ActionRow = {
  id: string;
  admin_id: string;
  action: string;
  target_user_id: string | null;
  reason: string;
  before: unknown;
  after: unknown;
};
const auditRows = (t: TestContext) =>
  rows<ActionRow>(
    t.database.db,
    sql`SELECT id::text, admin_id, action, target_user_id, reason, before, after FROM admin_actions ORDER BY id`,
  );

describe.each(databaseKinds)('operators change things only with an audit row on %s', (kind) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await registerAdmin(t);
    await confirmAdmin(t.app, admin);
  });
  afterAll(() => t.close());

  const adjust = (userId: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/credits`,
      headers: { token: admin.token },
      payload: body as object,
    });

  it('a grant moves the balance through the ledger (adjustment naming the admin) and writes one audit row', async () => {
    const customer = await register(t.app);
    const start = await ledgerState(t.database, customer.user.id);
    const before = (await auditRows(t)).length;

    const answer = await adjust(customer.user.id, { delta: 3, reason: 'Refund for a failed batch' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { creditBalance: number; actionId: string };
    expect(body.creditBalance).toBe(start.balance + 3);

    const after = await ledgerState(t.database, customer.user.id);
    expect(after).toEqual({
      balance: start.balance + 3,
      ledgerSum: start.ledgerSum + 3,
      ledgerRows: start.ledgerRows + 1,
    });
    const [ledger] = await rows<{ reason: string; ref: string; delta: number }>(
      t.database.db,
      sql`SELECT reason, ref, delta FROM credit_ledger WHERE user_id = ${customer.user.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(ledger).toMatchObject({ reason: 'adjustment', delta: 3 });
    expect(ledger!.ref).toContain(admin.user.id);

    const audit = await auditRows(t);
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({
      id: body.actionId,
      admin_id: admin.user.id,
      action: 'credits.adjust',
      target_user_id: customer.user.id,
      reason: 'Refund for a failed batch',
      before: { creditBalance: start.balance },
      after: { creditBalance: start.balance + 3, delta: 3, ledgerRef: ledger!.ref },
    });
  });

  it('taking more than the balance holds is 409 and changes nothing, audit included', async () => {
    const customer = await register(t.app);
    const start = await ledgerState(t.database, customer.user.id);
    const before = (await auditRows(t)).length;
    const answer = await adjust(customer.user.id, { delta: -(start.balance + 1), reason: 'Abuse of the bonus' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: messages.admin.creditsBelowZero(start.balance) });
    expect(await ledgerState(t.database, customer.user.id)).toEqual(start);
    expect((await auditRows(t)).length).toBe(before);

    const taken = await adjust(customer.user.id, { delta: -start.balance, reason: 'Abuse of the bonus' });
    expect(taken.statusCode).toBe(200);
    expect((await ledgerState(t.database, customer.user.id)).balance).toBe(0);
  });

  it('a body without a reason, with a zero or fractional delta, is 400 and changes nothing', async () => {
    const customer = await register(t.app);
    const start = await ledgerState(t.database, customer.user.id);
    for (const body of [
      { delta: 3 },
      { delta: 3, reason: '  ' },
      { delta: 0, reason: 'Nothing at all' },
      { delta: 1.5, reason: 'Half a credit' },
    ]) {
      expect((await adjust(customer.user.id, body)).statusCode).toBe(400);
    }
    expect(await ledgerState(t.database, customer.user.id)).toEqual(start);
  });

  it('a failure writing the audit row takes the change back with it', async () => {
    const customer = await register(t.app);
    const start = await ledgerState(t.database, customer.user.id);
    const before = (await auditRows(t)).length;
    // The audit insert itself fails, after the ledger statement already ran in the transaction.
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused by the test'; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER test_refuse_audit BEFORE INSERT ON admin_actions FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()',
      ),
    );
    try {
      const answer = await adjust(customer.user.id, { delta: 5, reason: 'Goodwill after an outage' });
      expect(answer.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER test_refuse_audit ON admin_actions'));
      await t.database.db.execute(sql.raw('DROP FUNCTION test_refuse_audit()'));
    }
    expect(await ledgerState(t.database, customer.user.id)).toEqual(start);
    expect((await auditRows(t)).length).toBe(before);
  });

  it('the audit log refuses UPDATE, DELETE and TRUNCATE, even from SQL', async () => {
    const id = await recordAdminAction(t.database.db, {
      adminId: admin.user.id,
      action: 'test.note',
      targetUserId: null,
      reason: 'A row to try to change',
      before: null,
      after: null,
    });
    await expect(
      t.database.db.execute(sql`UPDATE admin_actions SET reason = 'rewritten' WHERE id = ${id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM admin_actions WHERE id = ${id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE admin_actions`)).rejects.toThrow();
    const [row] = await rows<{ reason: string }>(t.database.db, sql`SELECT reason FROM admin_actions WHERE id = ${id}`);
    expect(row!.reason).toBe('A row to try to change');
  });

  it('no route changes the audit log: only GET reaches /api/admin/actions', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await t.app.inject({
        method,
        url: '/api/admin/actions',
        headers: { token: admin.token },
        payload: {},
      });
      expect(answer.statusCode, method).toBe(404);
    }
    const one = await t.app.inject({ method: 'DELETE', url: '/api/admin/actions/1', headers: { token: admin.token } });
    expect(one.statusCode).toBe(404);
  });

  it('GET /api/admin/actions lists the log newest first, a page at a time', async () => {
    const customer = await register(t.app);
    for (let i = 0; i < adminActionsPageSize + 2; i += 1) {
      await recordAdminAction(t.database.db, {
        adminId: admin.user.id,
        action: 'test.page',
        targetUserId: customer.user.id,
        reason: `Entry ${i}`,
        before: { i },
        after: { i: i + 1 },
      });
    }
    const first = await t.app.inject({ url: '/api/admin/actions', headers: { token: admin.token } });
    const page = first.json() as {
      actions: { id: string; reason: string; targetEmail: string; adminEmail: string }[];
      nextCursor: string;
    };
    expect(page.actions).toHaveLength(adminActionsPageSize);
    expect(page.actions[0]).toMatchObject({
      reason: `Entry ${adminActionsPageSize + 1}`,
      targetEmail: customer.user.email,
      adminEmail: admin.user.email,
    });
    const ids = page.actions.map((action) => Number(action.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await t.app.inject({
      url: `/api/admin/actions?cursor=${page.nextCursor}`,
      headers: { token: admin.token },
    });
    const rest = second.json() as { actions: { id: string }[]; nextCursor: string | null };
    expect(Number(rest.actions[0]!.id)).toBeLessThan(ids.at(-1)!);
    expect(
      (await t.app.inject({ url: '/api/admin/actions?cursor=abc', headers: { token: admin.token } })).statusCode,
    ).toBe(400);
  });

  it('finds customers by address, name or id', async () => {
    const customer = await register(t.app, { name: 'Zebulon Quartz' });
    const search = async (q: string) =>
      (
        (
          await t.app.inject({ url: `/api/admin/users?q=${encodeURIComponent(q)}`, headers: { token: admin.token } })
        ).json() as { users: { id: string }[] }
      ).users.map((user) => user.id);
    expect(await search('zebulon')).toContain(customer.user.id);
    expect(await search(customer.user.email.toUpperCase())).toContain(customer.user.id);
    expect(await search(customer.user.id)).toEqual([customer.user.id]);
    expect(await search('%')).not.toContain('nobody');
    expect(await search('no such person anywhere')).toEqual([]);
  });
});

describe.each(databaseKinds)('ADMIN_EMAILS on %s', (kind) => {
  const origin = 'https://studio.lumigen.example';
  let t: TestContext;
  const operator = 'operator@lumigen.example';
  beforeAll(async () => {
    t = await startTestApp(kind, {
      ADMIN_EMAILS: ` ${operator.toUpperCase()} , other@lumigen.example`,
      PUBLIC_ORIGIN: origin,
    });
  });
  afterAll(() => t.close());

  const roleOf = async (token: string) =>
    ((await post(t.app, '/api/image/get-credit', token)).json() as { role: string }).role;

  it('a listed address is an admin once it is confirmed, not before', async () => {
    const user = await register(t.app, { email: operator });
    expect(await roleOf(user.token)).toBe('customer');
    expect((await t.app.inject({ url: '/api/admin/actions', headers: { token: user.token } })).statusCode).toBe(404);
    const [mail] = await waitForMail(t.location.dataDir, operator, {
      subject: 'Confirm your e-mail address for Lumigen',
    });
    const token = tokenOf(linkIn(mail!, `${origin}/verify#token=`));
    expect((await post(t.app, '/api/user/verify', undefined, { token })).statusCode).toBe(200);
    expect(await roleOf(user.token)).toBe('admin');
  });

  it('an account listed before it was an admin becomes one at the next start', async () => {
    const user = await register(t.app, { email: 'other@lumigen.example' });
    await confirmAddressOf(t.database, user.token);
    expect(await roleOf(user.token)).toBe('customer');
    const again = await buildApp({
      config: testConfig(t.location, { ADMIN_EMAILS: 'other@lumigen.example' }),
      database: t.database,
      logger: false,
    });
    await again.close();
    expect(await roleOf(user.token)).toBe('admin');
  });

  it('a listed address nobody confirmed stays a customer at start-up', async () => {
    const user = await register(t.app, { email: 'unproven@lumigen.example' });
    const again = await buildApp({
      config: testConfig(t.location, { ADMIN_EMAILS: 'unproven@lumigen.example' }),
      database: t.database,
      logger: false,
    });
    await again.close();
    expect(await roleOf(user.token)).toBe('customer');
  });

  it('refuses to start with a value that is not an address', () => {
    expect(() => testConfig(t.location, { ADMIN_EMAILS: 'ops@lumigen.example, not-an-address' })).toThrow(
      /ADMIN_EMAILS/,
    );
  });
});
