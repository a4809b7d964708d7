import { dimensionsOf } from '@lumigen/contract/generation';
import { adminReportMessages } from '@lumigen/contract/admin-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { confirmAdmin, registerAdmin } from '../../test/admin.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { catRequest, submitGeneration, waitForJob } from '../../test/job-calls.ts';
import { picturePng } from '../../test/pictures.ts';
import { createCreditsService } from '../credits/index.ts';
import type { GenerationProvider } from '../generation/index.ts';

/** A provider the test breaks and mends: while broken, every job fails (and is refunded). */
function flakyProvider() {
  const state = { broken: true };
  const provider: GenerationProvider = {
    name: 'local',
    async generate(input) {
      if (state.broken) throw new AppError('provider_failed', 'The image service failed.');
      const { width, height } = dimensionsOf(input.size);
      return { png: await picturePng(width, height, '#345'), width, height };
    },
  };
  return { provider, state };
}

describe.each(databaseKinds)('an operator retries a failed job on %s', (kind) => {
  const flaky = flakyProvider();
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { generationProvider: flaky.provider });
    admin = await registerAdmin(t);
    await confirmAdmin(t.app, admin);
  });
  afterAll(() => t.close());

  /** A customer whose balance is exactly `credits`, and one generation of theirs that failed (refunded). */
  async function failedJobOf(credits: number) {
    const customer = await register(t.app);
    const ledger = createCreditsService(t.database.db);
    // The sign-up bonus, topped up or spent down to the balance the test wants.
    const bonus = await ledger.balanceOf(customer.user.id);
    if (credits > bonus)
      await ledger.grant(customer.user.id, credits - bonus, 'adjustment', `test-${customer.user.id}`);
    if (credits < bonus) await ledger.spend(customer.user.id, bonus - credits, `test-${customer.user.id}`);
    flaky.state.broken = true;
    // A failed job needs a credit to be accepted; it is refunded when it fails.
    if (credits === 0) await ledger.grant(customer.user.id, 1, 'adjustment', `test-lend-${customer.user.id}`);
    const accepted = await submitGeneration(t.app, customer.token, catRequest);
    expect(accepted.statusCode).toBe(202);
    const jobId = accepted.json().jobId as string;
    expect((await waitForJob(t.app, customer.token, jobId)).status).toBe('failed');
    if (credits === 0) await ledger.spend(customer.user.id, 1, `test-lend-${customer.user.id}`);
    flaky.state.broken = false;
    return { customer, jobId };
  }

  const retry = (jobId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${jobId}/retry`,
      headers: { token: admin.token },
      payload: payload as object,
    });
  const auditOf = (jobId: string) =>
    rows<{ admin_id: string; target_user_id: string; reason: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`SELECT admin_id, target_user_id, reason, before, after FROM admin_actions
          WHERE action = 'job.retry' AND before->>'jobId' = ${jobId}`,
    );
  const ledgerOf = (userId: string) =>
    rows<{ reason: string; delta: number }>(
      t.database.db,
      sql`SELECT reason, delta FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
    );
  const jobCount = async (userId: string) =>
    (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jobs WHERE user_id = ${userId}`))[0]!
      .n;

  it('charged: a new job reserved from the customer’s credits and committed when it succeeds, audited with the reason', async () => {
    const { customer, jobId } = await failedJobOf(5);
    expect(await ledgerState(t.database, customer.user.id)).toMatchObject({ balance: 5 });

    const answer = await retry(jobId, { charge: true, reason: 'Provider outage, customer wrote in' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ success: true, message: adminReportMessages.retried(true), creditBalance: 4 });
    expect(body.jobId).not.toBe(jobId);

    expect((await waitForJob(t.app, customer.token, body.jobId)).status).toBe('succeeded');
    // After the sign-up bonus: the failed job's reservation and refund, then the retry's reservation (committed).
    const ledger = await ledgerOf(customer.user.id);
    expect(ledger.slice(-3).map((row) => [row.reason, row.delta])).toEqual([
      ['reservation', -1],
      ['refund', 1],
      ['reservation', -1],
    ]);
    expect(await ledgerState(t.database, customer.user.id)).toMatchObject({ balance: 4, ledgerSum: 4 });
    const [reservation] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT r.status FROM jobs j JOIN credit_reservations r ON r.id = j.reservation_id WHERE j.id = ${body.jobId}`,
    );
    expect(reservation?.status).toBe('committed');
    expect(await auditOf(jobId)).toEqual([
      {
        admin_id: admin.user.id,
        target_user_id: customer.user.id,
        reason: 'Provider outage, customer wrote in',
        before: { jobId, status: 'failed', kind: 'generation' },
        after: { jobId: body.jobId, charged: true },
      },
    ]);
  });

  it('free: the new job reserves nothing and the balance and ledger stay as they were', async () => {
    const { customer, jobId } = await failedJobOf(0);
    const before = await ledgerOf(customer.user.id);
    expect(await ledgerState(t.database, customer.user.id)).toMatchObject({ balance: 0 });

    const answer = await retry(jobId, { charge: false, reason: 'Goodwill after the outage' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ message: adminReportMessages.retried(false), creditBalance: 0 });
    const newJobId = answer.json().jobId as string;
    expect((await waitForJob(t.app, customer.token, newJobId)).status).toBe('succeeded');

    expect(await ledgerOf(customer.user.id)).toEqual(before);
    expect(await ledgerState(t.database, customer.user.id)).toMatchObject({ balance: 0 });
    const [job] = await rows<{ reservation_id: string | null }>(
      t.database.db,
      sql`SELECT reservation_id FROM jobs WHERE id = ${newJobId}`,
    );
    expect(job).toEqual({ reservation_id: null });
    expect(await auditOf(jobId)).toMatchObject([{ after: { jobId: newJobId, charged: false } }]);
  });

  it('charged for a customer who cannot pay: 402, and neither a job nor an audit row', async () => {
    const { customer, jobId } = await failedJobOf(0);
    const jobs = await jobCount(customer.user.id);
    const answer = await retry(jobId, { charge: true, reason: 'Trying the charged way' });
    expect(answer.statusCode).toBe(402);
    expect(await jobCount(customer.user.id)).toBe(jobs);
    expect(await auditOf(jobId)).toEqual([]);
    expect(await ledgerState(t.database, customer.user.id)).toMatchObject({ balance: 0 });
  });

  it('a job retried once is not retried again, even by two operators at once: one job, one audit row, one charge', async () => {
    const { customer, jobId } = await failedJobOf(5);
    const answers = await Promise.all([
      retry(jobId, { charge: true, reason: 'First operator' }),
      retry(jobId, { charge: true, reason: 'Second operator' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(adminReportMessages.alreadyRetried);
    expect(await auditOf(jobId)).toHaveLength(1);
    // The failed job and one retry; the refused attempt's job and reservation rolled back with it.
    expect(await jobCount(customer.user.id)).toBe(2);
    const retried = answers.find((answer) => answer.statusCode === 200)!.json().jobId as string;
    await waitForJob(t.app, customer.token, retried);
    expect(await ledgerState(t.database, customer.user.id)).toMatchObject({ balance: 4, ledgerSum: 4 });
  });

  it('refuses a job that did not fail, one that is unknown, and a request without a reason', async () => {
    const { customer, jobId } = await failedJobOf(5);
    const done = await retry(jobId, { charge: false, reason: 'Making one that succeeded' });
    const succeeded = done.json().jobId as string;
    await waitForJob(t.app, customer.token, succeeded);

    const notFailed = await retry(succeeded, { charge: false, reason: 'It did not fail' });
    expect([notFailed.statusCode, notFailed.json().message]).toEqual([409, adminReportMessages.notRetryable]);
    const unknown = await retry('00000000-0000-4000-8000-000000000000', { charge: false, reason: 'No such job' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, adminReportMessages.jobNotFound]);
    const noReason = await retry(jobId, { charge: false });
    expect(noReason.statusCode).toBe(400);
    const badId = await retry('not-a-job', { charge: false, reason: 'Bad id' });
    expect(badId.statusCode).toBe(400);
  });
});
