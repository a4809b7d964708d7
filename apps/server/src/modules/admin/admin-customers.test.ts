import type { AddressInfo } from 'node:net';
import { brand } from '@lumigen/contract/brand';
import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { confirmAdmin, freshCustomer, registerAdmin } from '../../test/admin.ts';
import { confirmAddressOf, createKey } from '../../test/api-keys.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { submitGeneration } from '../../test/job-calls.ts';
import { waitForMail } from '../../test/mail.ts';
import { createCreditsService } from '../credits/index.ts';

/** One customer's page and every change support makes from it: the change, its audit row, nothing without both. */
describe.each(databaseKinds)('an operator supports a customer on %s', (kind) => {
  let t: TestContext;
  let origin: string;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;
  const gate = gatedGenerationProvider();

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { generationProvider: gate.provider });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await registerAdmin(t);
    await confirmAdmin(t.app, admin);
  });
  afterAll(async () => {
    gate.openGate();
    await t.close();
  });

  const act = (url: string, reason = 'Support ticket 1234') =>
    t.app.inject({ method: 'POST', url, headers: { token: admin.token }, payload: { reason } });
  const auditOf = (userId: string) =>
    rows<{ action: string; reason: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`SELECT action, reason, before, after FROM admin_actions WHERE target_user_id = ${userId} ORDER BY id`,
    );
  const detail = async (userId: string) =>
    (await t.app.inject({ url: `/api/admin/users/${userId}`, headers: { token: admin.token } })).json();

  /** Makes the next audit row fail to insert, runs `work`, and takes the failure away again. */
  async function withAuditRefused(work: () => Promise<void>) {
    await t.database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit refused by the test'; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER test_refuse_audit BEFORE INSERT ON admin_actions FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()',
      ),
    );
    try {
      await work();
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER test_refuse_audit ON admin_actions'));
    }
  }

  it("shows the customer's balance, ledger, purchases, jobs with their provider attempts, images, sessions, keys and audit", async () => {
    const customer = await register(t.app, { name: 'Page Customer' });
    const { id: keyId } = await createKey(t, customer.token, { name: 'ci' });
    const jobId = '0f5e3c4a-7d3b-4c39-9d55-8d2c0b3f6a11';
    await t.database.db
      .execute(sql`INSERT INTO jobs (id, user_id, kind, params, status, error_code, message, finished_at)
      VALUES (${jobId}, ${customer.user.id}, 'upscale', '{}'::jsonb, 'failed', 'provider_failed', 'The provider failed', now())`);
    await t.database.db
      .execute(sql`INSERT INTO job_provider_attempts (job_id, seq, provider, endpoint, status, ms, outcome, cost_usd)
      VALUES (${jobId}, 1, 'stability', '/v2beta/stable-image/upscale/fast', 500, 812, 'failed', NULL),
             (${jobId}, 2, 'clipdrop', '/image-upscaling/v1/upscale', 200, 640, 'unusable', 0.02)`);
    await t.database.db
      .execute(sql`INSERT INTO payments (user_id, bundle, amount_cents, currency, credits, status, provider,
        provider_payment_id, idempotency_key, reversed_credits, shortfall_credits)
      VALUES (${customer.user.id}, 'Popular', 999, 'usd', 35, 'disputed', 'stripe', 'pi_test_123', 'k1', 35, 12)`);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.user.id}/credits`,
      headers: { token: admin.token },
      payload: { delta: 2, reason: 'Goodwill' },
    });

    const page = await detail(customer.user.id);
    expect(page.user).toMatchObject({
      id: customer.user.id,
      name: 'Page Customer',
      creditBalance: 7,
      role: 'customer',
    });
    expect(page.ledger.map((entry: { reason: string; delta: number }) => [entry.reason, entry.delta])).toEqual([
      ['adjustment', 2],
      ['signup_bonus', 5],
    ]);
    expect(page.purchases).toEqual([
      expect.objectContaining({
        bundle: 'Popular',
        status: 'disputed',
        reversedCredits: 35,
        shortfallCredits: 12,
        providerPaymentId: 'pi_test_123',
      }),
    ]);
    expect(page.jobs).toEqual([
      expect.objectContaining({
        id: jobId,
        status: 'failed',
        errorCode: 'provider_failed',
        attempts: [
          expect.objectContaining({
            seq: 1,
            provider: 'stability',
            status: 500,
            ms: 812,
            outcome: 'failed',
            costUsd: null,
          }),
          expect.objectContaining({ seq: 2, provider: 'clipdrop', outcome: 'unusable', costUsd: 0.02 }),
        ],
      }),
    ]);
    expect(page.images).toEqual([]);
    expect(page.sessions).toHaveLength(1);
    expect(page.apiKeys.map((key: { id: string }) => key.id)).toEqual([keyId]);
    expect(page.actions).toEqual([expect.objectContaining({ action: 'credits.adjust', reason: 'Goodwill' })]);
    expect(
      (
        await t.app.inject({
          url: '/api/admin/users/3f9e4d1a-0000-4000-8000-000000000000',
          headers: { token: admin.token },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('suspension stops an open session, an API key and an open event stream within one request each; login names support', async () => {
    const customer = await register(t.app, { name: 'Suspect' });
    const { key } = await createKey(t, customer.token, { name: 'bot' });
    const accepted = await submitGeneration(t.app, customer.token);
    expect(accepted.statusCode).toBe(202);
    const jobId = accepted.json().jobId as string;
    const stream = await fetch(`${origin}/api/jobs/${jobId}/events`, { headers: { token: customer.token } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect((await post(t.app, '/api/image/get-credit', customer.token)).statusCode).toBe(200);

    const suspended = await act(`/api/admin/users/${customer.user.id}/suspend`, 'Chargeback fraud');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ message: messages.admin.suspended });

    // The stream ends: read what is left until the server closes it.
    const closed = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(false), 3000))])).toBe(true);
    expect((await post(t.app, '/api/image/get-credit', customer.token)).statusCode).toBe(401);
    const byKey = await t.app.inject({ url: '/api/images', headers: { 'x-api-key': key } });
    expect(byKey.statusCode).toBe(401);
    expect(byKey.json()).toMatchObject({ message: messages.apiKey.suspended });
    const login = await post(t.app, '/api/user/login', undefined, {
      email: customer.user.email,
      password: customer.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain(brand.email);
    const wrong = await post(t.app, '/api/user/login', undefined, {
      email: customer.user.email,
      password: 'not the password',
    });
    expect(wrong.json()).toMatchObject({ message: messages.invalidCredentials });

    expect((await act(`/api/admin/users/${customer.user.id}/suspend`)).statusCode).toBe(409);
    const restored = await act(`/api/admin/users/${customer.user.id}/unsuspend`, 'Cleared by the bank');
    expect(restored.statusCode).toBe(200);
    expect((await post(t.app, '/api/image/get-credit', customer.token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/images', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    expect((await auditOf(customer.user.id)).map((row) => [row.action, row.reason])).toEqual([
      ['user.suspend', 'Chargeback fraud'],
      ['user.unsuspend', 'Cleared by the bank'],
    ]);
  });

  it('a suspension whose audit row fails leaves the account open', async () => {
    const customer = await freshCustomer(t);
    await withAuditRefused(async () => {
      expect((await act(`/api/admin/users/${customer.customerId}/suspend`)).statusCode).toBe(500);
    });
    expect((await detail(customer.customerId)).user.suspendedAt).toBeNull();
    expect(await auditOf(customer.customerId)).toEqual([]);
  });

  it('revokes one session and one key of the customer, each audited; another customer’s are 404', async () => {
    const customer = await register(t.app);
    const other = await post(t.app, '/api/user/login', undefined, {
      email: customer.user.email,
      password: customer.password,
    });
    const otherToken = other.json().token as string;
    const { id: keyId, key } = await createKey(t, customer.token, { name: 'leaked' });
    const sessions = (await detail(customer.user.id)).sessions as { id: string }[];
    const [first] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM sessions WHERE user_id = ${customer.user.id} ORDER BY created_at LIMIT 1`,
    );
    expect(sessions.map((session) => session.id)).toContain(first!.id);

    expect((await act(`/api/admin/users/${customer.user.id}/sessions/${first!.id}/revoke`)).statusCode).toBe(200);
    expect((await post(t.app, '/api/image/get-credit', customer.token)).statusCode).toBe(401);
    expect((await post(t.app, '/api/image/get-credit', otherToken)).statusCode).toBe(200);
    expect(
      (await act(`/api/admin/users/${customer.user.id}/keys/${keyId}/revoke`, 'Key posted on a forum')).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/images', headers: { 'x-api-key': key } })).statusCode).toBe(401);

    const stranger = await freshCustomer(t);
    expect((await act(`/api/admin/users/${customer.user.id}/keys/${stranger.keyId}/revoke`)).statusCode).toBe(404);
    expect((await act(`/api/admin/users/${customer.user.id}/sessions/${stranger.sessionId}/revoke`)).statusCode).toBe(
      404,
    );
    expect((await auditOf(customer.user.id)).map((row) => row.action)).toEqual(['session.revoke', 'api_key.revoke']);
  });

  it('resends the confirmation mail, audited; an address already confirmed is 400 and nothing is recorded', async () => {
    const customer = await register(t.app);
    expect((await act(`/api/admin/users/${customer.user.id}/resend-confirmation`)).statusCode).toBe(200);
    await waitForMail(t.location.dataDir, customer.user.email, {
      subject: 'Confirm your e-mail address for Lumigen',
      count: 2,
    });
    expect((await auditOf(customer.user.id)).map((row) => row.action)).toEqual(['user.resend_confirmation']);

    const confirmed = await register(t.app);
    await confirmAddressOf(t.database, confirmed.token);
    expect((await act(`/api/admin/users/${confirmed.user.id}/resend-confirmation`)).statusCode).toBe(400);
    expect(await auditOf(confirmed.user.id)).toEqual([]);
  });

  it('forgives a shortfall: paid work opens again, the balance does not move; nothing owed is 409', async () => {
    const customer = await register(t.app);
    await createCreditsService(t.database.db).recordShortfall(customer.user.id, 4);
    expect((await submitGeneration(t.app, customer.token)).statusCode).toBe(402);
    const before = await ledgerState(t.database, customer.user.id);

    await withAuditRefused(async () => {
      expect((await act(`/api/admin/users/${customer.user.id}/forgive-shortfall`)).statusCode).toBe(500);
    });
    expect((await detail(customer.user.id)).user.creditsOwed).toBe(4);

    const forgiven = await act(`/api/admin/users/${customer.user.id}/forgive-shortfall`, 'Bank error, not fraud');
    expect(forgiven.statusCode).toBe(200);
    expect(forgiven.json()).toMatchObject({ message: messages.admin.shortfallForgiven(4) });
    expect(await ledgerState(t.database, customer.user.id)).toEqual(before);
    expect((await detail(customer.user.id)).user.creditsOwed).toBe(0);
    expect((await submitGeneration(t.app, customer.token)).statusCode).toBe(202);
    expect((await act(`/api/admin/users/${customer.user.id}/forgive-shortfall`)).statusCode).toBe(409);
    expect(await auditOf(customer.user.id)).toEqual([
      expect.objectContaining({
        action: 'credits.forgive_shortfall',
        before: { creditsOwed: 4 },
        after: { creditsOwed: 0 },
      }),
    ]);
  });

  it('deletes the account as its owner would, audited in the same transaction', async () => {
    const customer = await register(t.app, { name: 'Leaving Soon' });
    await withAuditRefused(async () => {
      expect((await act(`/api/admin/users/${customer.user.id}/delete`)).statusCode).toBe(500);
    });
    expect((await detail(customer.user.id)).user.deletedAt).toBeNull();
    expect((await post(t.app, '/api/image/get-credit', customer.token)).statusCode).toBe(200);

    const deleted = await act(`/api/admin/users/${customer.user.id}/delete`, 'Asked by e-mail to delete');
    expect(deleted.statusCode).toBe(200);
    const page = await detail(customer.user.id);
    expect(page.user.deletedAt).not.toBeNull();
    expect(page.user.email).toMatch(/@deleted\.invalid$/);
    expect(page.user.name).toBe('');
    expect((await post(t.app, '/api/image/get-credit', customer.token)).statusCode).toBe(401);
    expect(await auditOf(customer.user.id)).toEqual([
      expect.objectContaining({
        action: 'user.delete',
        reason: 'Asked by e-mail to delete',
        before: expect.objectContaining({ name: 'Leaving Soon', email: customer.user.email }),
      }),
    ]);
    expect((await act(`/api/admin/users/${customer.user.id}/delete`)).statusCode).toBe(409);
  });
});
