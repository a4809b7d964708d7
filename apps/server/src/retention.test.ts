import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from './db/client.ts';
import { pruneRetainedData } from './retention.ts';
import { submitGeneration, waitForJob } from './test/job-calls.ts';
import { databaseKinds, register, startTestApp, testConfig, type TestContext } from './test/harness.ts';

/**
 * Work, payments and mail are kept only as long as they are needed (docs/product.md, privacy):
 * each kind goes at its age, nothing younger is touched.
 */
describe.each(databaseKinds)('retention of jobs, payment intents and mail on %s', (kind) => {
  let t: TestContext;
  let retained: Parameters<typeof pruneRetainedData>[1];
  beforeAll(async () => {
    t = await startTestApp(kind);
    const config = testConfig(t.location);
    retained = { retention: config.retention, outboxDir: config.mail.outboxDir };
  });
  afterAll(() => t.close());

  const daysAgo = (days: number) => sql`now() - (${days})::float8 * interval '1 day'`;

  async function insertJob(
    userId: string,
    status: string,
    finishedDaysAgo: number | null,
    createdDaysAgo = (finishedDaysAgo ?? 0) + 1,
  ): Promise<string> {
    const id = randomUUID();
    await t.database.db
      .execute(sql`INSERT INTO jobs (id, user_id, kind, params, status, reservation_id, event_seq, created_at, finished_at)
      VALUES (${id}, ${userId}, 'generation', '{"prompt":"a lighthouse"}'::jsonb, ${status}, ${randomUUID()}, 2, ${daysAgo(createdDaysAgo)},
              ${finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo)})`);
    await t.database.db.execute(
      sql`INSERT INTO job_events (job_id, seq, type, data) VALUES (${id}, 1, 'progress', '{}'::jsonb), (${id}, 2, 'progress', '{}'::jsonb)`,
    );
    return id;
  }
  const jobsOf = async (userId: string) =>
    (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM jobs WHERE user_id = ${userId}`))
      .map((row) => row.id)
      .sort();
  const eventCount = async (jobIds: string[]) =>
    Number(
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM job_events WHERE job_id IN (${sql.join(
            jobIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      )[0]!.n,
    );

  it('deletes finished jobs and their events after JOBS_RETENTION_DAYS (30), and nothing younger or unfinished', async () => {
    const { user } = await register(t.app);
    const oldSucceeded = await insertJob(user.id, 'succeeded', 31);
    const oldFailed = await insertJob(user.id, 'failed', 31);
    const oldCanceled = await insertJob(user.id, 'canceled', 31);
    const young = await insertJob(user.id, 'succeeded', 29);
    const oldButQueued = await insertJob(user.id, 'queued', null, 40);
    await pruneRetainedData(t.database.db, retained);
    expect(await jobsOf(user.id)).toEqual([young, oldButQueued].sort());
    expect(await eventCount([oldSucceeded, oldFailed, oldCanceled])).toBe(0);
    expect(await eventCount([young, oldButQueued])).toBe(4);
  });

  it('keeps finished jobs for as many days as JOBS_RETENTION_DAYS says', async () => {
    const { user } = await register(t.app);
    const tenDays = await insertJob(user.id, 'succeeded', 10);
    const fourDays = await insertJob(user.id, 'succeeded', 4);
    await pruneRetainedData(t.database.db, { ...retained, retention: { ...retained.retention, jobsDays: 7 } });
    expect(await jobsOf(user.id)).toEqual([fourDays]);
    expect(await eventCount([tenDays])).toBe(0);
  });

  it('deletes local payment intents after 30 days, and nothing younger', async () => {
    const tag = randomUUID();
    for (const [name, days] of [
      ['old', 31],
      ['young', 29],
    ] as const) {
      await t.database.db
        .execute(sql`INSERT INTO local_payment_intents (id, client_secret, amount_cents, currency, description, metadata, idempotency_key, created_at, updated_at)
        VALUES (${`pi_${name}_${tag}`}, 'secret', 500, 'usd', 'credits', '{}'::jsonb, ${`${name}-${tag}`}, ${daysAgo(days)}, ${daysAgo(days)})`);
    }
    await pruneRetainedData(t.database.db, retained);
    const left = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM local_payment_intents WHERE id LIKE ${`%${tag}`}`,
    );
    expect(left.map((row) => row.id)).toEqual([`pi_young_${tag}`]);
  });

  it('deletes outbox mail files after 7 days, and nothing younger', async () => {
    await mkdir(retained.outboxDir, { recursive: true });
    const now = Date.now() / 1000;
    for (const [name, days] of [
      ['old.eml', 8],
      ['young.eml', 6],
    ] as const) {
      const file = path.join(retained.outboxDir, name);
      await writeFile(file, 'Subject: hello\r\n\r\nhello\r\n');
      await utimes(file, now - days * 86_400, now - days * 86_400);
    }
    await pruneRetainedData(t.database.db, retained);
    expect((await readdir(retained.outboxDir)).filter((name) => name === 'old.eml' || name === 'young.eml')).toEqual([
      'young.eml',
    ]);
  });

  it("removes a job's prompt when its image is deleted, and keeps the prompts of the others", async () => {
    const { token } = await register(t.app);
    const jobIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const accepted = await submitGeneration(t.app, token);
      expect(accepted.statusCode).toBe(202);
      jobIds.push(accepted.json().jobId as string);
    }
    const [deleted, kept] = await Promise.all(jobIds.map((id) => waitForJob(t.app, token, id)));
    expect(deleted!.status).toBe('succeeded');
    const answer = await t.app.inject({ method: 'DELETE', url: `/api/images/${deleted!.imageId}`, headers: { token } });
    expect(answer.statusCode).toBeLessThan(300);
    const params = async (id: string) =>
      (
        await rows<{ params: Record<string, unknown> }>(t.database.db, sql`SELECT params FROM jobs WHERE id = ${id}`)
      )[0]!.params;
    expect(await params(deleted!.id)).not.toHaveProperty('prompt');
    expect(await params(kept!.id)).toHaveProperty('prompt', 'A cat riding a horse');
  });
});
