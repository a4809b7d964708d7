import { sql } from 'drizzle-orm';
import { jobPreviewPath, type JobStatus } from '@lumigen/contract/jobs';
import { rows, type Executor } from '../../db/client.ts';

/** A jobs row as the raw statements here return it (snake_case, as PostgreSQL names the columns). */
export type JobRow = {
  id: string;
  user_id: string;
  kind: string;
  params: Record<string, unknown>;
  input_keys: Record<string, string>;
  status: JobStatus;
  progress: number;
  dispatched_at: Date | string | null;
  image_id: string | null;
  error_code: string | null;
  message: string | null;
  retry_after_seconds: number | null;
  attempts: number;
  event_seq: number;
  reservation_id: string | null;
  follows_job_id: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
};

export type JobEventRow = { seq: number; type: string; data: Record<string, unknown> };

/** How a job failed, as the API answers it. */
export type JobFailure = { errorCode: string; message: string; retryAfterSeconds?: number | undefined };

/**
 * Every statement that changes a job also appends its event (a data-modifying CTE), numbered by
 * the row's own `event_seq`: the row lock orders concurrent writers, so the numbers never clash.
 */
const withEvent = (update: ReturnType<typeof sql>, type: string, data: ReturnType<typeof sql>) => sql`
  WITH j AS (${update}),
  e AS (INSERT INTO job_events (job_id, seq, type, data) SELECT id, event_seq, ${type}, ${data} FROM j)
  SELECT * FROM j`;

/** The user's unfinished jobs, and how many of them are in the queue (the rest wait their turn). */
export async function countUnfinished(
  ex: Executor,
  userId: string,
): Promise<{ unfinished: number; dispatched: number }> {
  const [row] = await rows<{ unfinished: number; dispatched: number }>(
    ex,
    sql`SELECT count(*)::int AS unfinished, count(dispatched_at)::int AS dispatched
        FROM jobs WHERE user_id = ${userId} AND status IN ('queued', 'running')`,
  );
  return row ?? { unfinished: 0, dispatched: 0 };
}

/** Every user's unfinished jobs by status (the queue's depth, for metrics). */
export async function countAllUnfinished(ex: Executor): Promise<{ queued: number; running: number }> {
  const [row] = await rows<{ queued: number; running: number }>(
    ex,
    sql`SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'running')::int AS running
        FROM jobs WHERE status IN ('queued', 'running')`,
  );
  return row ?? { queued: 0, running: 0 };
}

/** Deletes every job of a user (their events go with them): an account deletion. */
export async function deleteJobsOf(ex: Executor, userId: string): Promise<void> {
  await ex.execute(sql`DELETE FROM jobs WHERE user_id = ${userId}`);
}

/** `created_at` is the insert's own instant: a batch's jobs, accepted in one transaction, keep their order. */
/** Finished jobs older than `days` go, their events with them (cascade); their images stay until deleted. */
export async function deleteFinishedJobsBefore(ex: Executor, days: number): Promise<void> {
  await ex.execute(
    sql`DELETE FROM jobs WHERE status IN ('succeeded', 'failed', 'canceled') AND finished_at < now() - make_interval(days => ${days})`,
  );
}

export async function insertJob(
  ex: Executor,
  job: {
    id: string;
    userId: string;
    kind: string;
    params: Record<string, unknown>;
    inputKeys: Record<string, string>;
    reservationId: string | null;
    dispatched: boolean;
    followsJobId?: string | undefined;
  },
): Promise<void> {
  await ex.execute(sql`
    INSERT INTO jobs (id, user_id, kind, params, input_keys, reservation_id, dispatched_at, follows_job_id, created_at)
    VALUES (${job.id}, ${job.userId}, ${job.kind}, ${JSON.stringify(job.params)}::jsonb, ${JSON.stringify(job.inputKeys)}::jsonb,
            ${job.reservationId}, ${job.dispatched ? sql`now()` : null}, ${job.followsJobId ?? null}, clock_timestamp())`);
}

/** A waiting job `w` may enter the queue: it follows no job, or the job it follows has its image. */
const ready = sql`(w.follows_job_id IS NULL OR EXISTS (SELECT 1 FROM jobs p WHERE p.id = w.follows_job_id AND p.status = 'succeeded'))`;

/**
 * Fails every unfinished job that follows `jobId`, directly or through others (a recipe's later
 * steps, when a step ended without an image): they never ran, so each is refunded by the caller.
 */
export async function failFollowers(ex: Executor, jobId: string, message: string): Promise<JobRow[]> {
  return rows<JobRow>(
    ex,
    sql`WITH RECURSIVE chain AS (
          SELECT id FROM jobs WHERE follows_job_id = ${jobId}
          UNION SELECT f.id FROM jobs f JOIN chain c ON f.follows_job_id = c.id
        ),
        j AS (
          UPDATE jobs SET status = 'failed', error_code = 'conflict', message = ${message}, finished_at = now(), event_seq = event_seq + 1
          WHERE id IN (SELECT id FROM chain) AND status = 'queued' RETURNING *
        ),
        e AS (INSERT INTO job_events (job_id, seq, type, data) SELECT id, event_seq, 'failed', jsonb_build_object('message', message) FROM j)
        SELECT * FROM j`,
  );
}

/**
 * The user's oldest waiting jobs, as many as they have free slots of `maxRunning`, marked as
 * handed to the queue. Run with the user locked (`lockUser`): this statement begins after the
 * lock is held, so it counts with every job the lock's earlier holders wrote (one statement, not
 * a count and then an update: decision 041). Rows another transaction holds (a cancel) are
 * skipped: that transaction promotes in its turn.
 */
export async function promoteWaiting(ex: Executor, userId: string, maxRunning: number): Promise<string[]> {
  const promoted = await rows<{ id: string }>(
    ex,
    sql`UPDATE jobs SET dispatched_at = now()
        WHERE id IN (
          SELECT id FROM jobs w
          WHERE user_id = ${userId} AND status = 'queued' AND dispatched_at IS NULL AND ${ready}
          ORDER BY created_at, id
          LIMIT greatest(0, ${maxRunning}::int - (
            SELECT count(*)::int FROM jobs d WHERE d.user_id = ${userId} AND d.status IN ('queued', 'running') AND d.dispatched_at IS NOT NULL
          ))
          FOR UPDATE OF w SKIP LOCKED
        )
        RETURNING id`,
  );
  return promoted.map((row) => row.id);
}

/** Progress of an attempt that has begun: its inputs are being fetched. */
export const startedProgress = 10;

/**
 * An attempt begins: the job is running again (a retry) or for the first time, at
 * `startedProgress`. Two events, `running` then `progress`, in one statement (a statement per
 * event was one more round trip per job, docs/decisions/034). Undefined when it is over.
 */
export async function startAttempt(ex: Executor, jobId: string): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    ex,
    sql`WITH j AS (
          UPDATE jobs SET status = 'running', attempts = attempts + 1, started_at = now(), progress = ${startedProgress}, event_seq = event_seq + 2
          WHERE id = ${jobId} AND status IN ('queued', 'running') RETURNING *
        ),
        e AS (
          INSERT INTO job_events (job_id, seq, type, data)
          SELECT id, event_seq - 1, 'running', jsonb_build_object('attempt', attempts) FROM j
          UNION ALL SELECT id, event_seq, 'progress', jsonb_build_object('progress', progress) FROM j
        )
        SELECT * FROM j`,
  );
  return row;
}

/** Progress of the running attempt; a later attempt or the job's end makes it a no-op (undefined). */
export async function setProgress(
  ex: Executor,
  jobId: string,
  attempt: number,
  progress: number,
): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    ex,
    withEvent(
      sql`UPDATE jobs SET progress = ${progress}, event_seq = event_seq + 1
          WHERE id = ${jobId} AND status = 'running' AND attempts = ${attempt} RETURNING *`,
      'progress',
      sql`jsonb_build_object('progress', progress)`,
    ),
  );
  return row;
}

/**
 * Keeps the attempt's `n`th preview and appends its event, in one statement: the row lock of the
 * update orders it with a cancel, so a job that has ended keeps no preview (undefined then).
 * A later attempt's preview replaces the earlier attempt's of the same number.
 */
export async function addPreview(
  ex: Executor,
  jobId: string,
  attempt: number,
  n: number,
  webp: Buffer,
): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    ex,
    sql`WITH j AS (
          UPDATE jobs SET event_seq = event_seq + 1
          WHERE id = ${jobId} AND status = 'running' AND attempts = ${attempt} RETURNING *
        ),
        p AS (
          INSERT INTO job_previews (job_id, n, webp) SELECT id, ${n}, ${webp} FROM j
          ON CONFLICT (job_id, n) DO UPDATE SET webp = EXCLUDED.webp, created_at = now()
        ),
        e AS (
          INSERT INTO job_events (job_id, seq, type, data)
          SELECT id, event_seq, 'preview', jsonb_build_object('n', ${n}::int, 'imageUrl', ${jobPreviewPath(jobId, n)}::text) FROM j
        )
        SELECT * FROM j`,
  );
  return row;
}

/** The `n`th preview of a job `userId` owns, while the job keeps it. */
export async function findOwnedPreview(
  ex: Executor,
  jobId: string,
  userId: string,
  n: number,
): Promise<Buffer | undefined> {
  const [row] = await rows<{ webp: Buffer | Uint8Array }>(
    ex,
    sql`SELECT p.webp FROM job_previews p JOIN jobs j ON j.id = p.job_id
        WHERE p.job_id = ${jobId} AND p.n = ${n} AND j.user_id = ${userId}`,
  );
  return row ? Buffer.from(row.webp) : undefined;
}

/** A failed attempt that will be tried again: the job waits in the queue meanwhile. */
export async function requeue(ex: Executor, jobId: string, attempt: number): Promise<void> {
  await ex.execute(
    sql`UPDATE jobs SET status = 'queued', progress = 0 WHERE id = ${jobId} AND status = 'running' AND attempts = ${attempt}`,
  );
}

/** The attempt's image is the job's result; false when the attempt no longer owns the job. */
export async function markSucceeded(
  ex: Executor,
  jobId: string,
  attempt: number,
  imageId: string,
): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    ex,
    withEvent(
      sql`UPDATE jobs SET status = 'succeeded', progress = 100, image_id = ${imageId}, finished_at = now(), event_seq = event_seq + 1
          WHERE id = ${jobId} AND status = 'running' AND attempts = ${attempt} RETURNING *`,
      'succeeded',
      sql`jsonb_build_object('imageId', image_id)`,
    ),
  );
  return row;
}

/**
 * Ends an unfinished job without an image. With `attempt`, only while that attempt still owns
 * the job; without, whatever is running (the job was lost with its worker).
 */
export async function markFailed(
  ex: Executor,
  jobId: string,
  attempt: number | undefined,
  failure: JobFailure,
): Promise<JobRow | undefined> {
  const owned =
    attempt === undefined ? sql`status IN ('queued', 'running')` : sql`status = 'running' AND attempts = ${attempt}`;
  const [row] = await rows<JobRow>(
    ex,
    withEvent(
      sql`UPDATE jobs SET status = 'failed', error_code = ${failure.errorCode}, message = ${failure.message},
            retry_after_seconds = ${failure.retryAfterSeconds ?? null}, finished_at = now(), event_seq = event_seq + 1
          WHERE id = ${jobId} AND ${owned} RETURNING *`,
      'failed',
      sql`jsonb_build_object('message', message)`,
    ),
  );
  return row;
}

/** The owner cancels an unfinished job. Undefined when it is not theirs or already over. */
export async function markCanceled(
  ex: Executor,
  jobId: string,
  userId: string,
  message: string,
): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    ex,
    withEvent(
      sql`UPDATE jobs SET status = 'canceled', error_code = 'canceled', message = ${message}, finished_at = now(), event_seq = event_seq + 1
          WHERE id = ${jobId} AND user_id = ${userId} AND status IN ('queued', 'running') RETURNING *`,
      'canceled',
      sql`jsonb_build_object('message', message)`,
    ),
  );
  return row;
}

export async function findJob(ex: Executor, jobId: string): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(ex, sql`SELECT * FROM jobs WHERE id = ${jobId}`);
  return row;
}

/** The job only when `userId` owns it: another user's job reads as "no such job". */
export async function findOwnedJob(ex: Executor, jobId: string, userId: string): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(ex, sql`SELECT * FROM jobs WHERE id = ${jobId} AND user_id = ${userId}`);
  return row;
}

/** A page of the user's jobs, newest first; `before` is the previous page's last id. */
export async function listOwnedJobs(
  ex: Executor,
  userId: string,
  status: JobStatus | undefined,
  before: string | undefined,
  limit: number,
): Promise<JobRow[]> {
  return rows<JobRow>(
    ex,
    sql`SELECT * FROM jobs
        WHERE user_id = ${userId}
          ${status ? sql`AND status = ${status}` : sql``}
          ${before ? sql`AND (created_at, id) < (SELECT created_at, id FROM jobs WHERE id = ${before} AND user_id = ${userId})` : sql``}
        ORDER BY created_at DESC, id DESC
        LIMIT ${limit}`,
  );
}

/** What a watcher of a job needs to know: whether it has news, whether it is over, where it waits. */
export type JobSnapshot = { status: JobStatus; eventSeq: number; position: number | null };

/**
 * The state of several jobs in one statement (every job watched in a process, docs/decisions/031).
 * A queued job's position is 1 + the queued jobs workers take before it: jobs in the queue go in
 * the order they entered it; a job still waiting for one of its user's slots comes after every
 * job already in the queue and after its user's older waiting jobs. A job that is gone is absent.
 */
// A queued job's position: 1 + the queued jobs workers take before it (see `snapshotsOf`).
const positionOfW = sql`CASE
            WHEN w.status <> 'queued' THEN NULL
            WHEN w.dispatched_at IS NOT NULL THEN 1 + (SELECT count(*) FROM jobs j
              WHERE j.status = 'queued' AND j.dispatched_at IS NOT NULL AND (j.dispatched_at, j.id) < (w.dispatched_at, w.id))
            ELSE 1 + (SELECT count(*) FROM jobs j WHERE j.status = 'queued' AND j.dispatched_at IS NOT NULL)
                   + (SELECT count(*) FROM jobs j WHERE j.user_id = w.user_id AND j.status = 'queued' AND j.dispatched_at IS NULL
                        AND (j.created_at, j.id) < (w.created_at, w.id))
          END::int`;

export async function snapshotsOf(ex: Executor, ids: readonly string[]): Promise<Map<string, JobSnapshot>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; status: JobStatus; event_seq: number; position: number | null }>(
    ex,
    sql`SELECT w.id, w.status, w.event_seq, ${positionOfW} AS position
        FROM jobs w
        WHERE w.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(found.map((row) => [row.id, { status: row.status, eventSeq: row.event_seq, position: row.position }]));
}

/**
 * The owner's job as its event stream opens, in one statement: its state (with its queue position)
 * and its stored events after `afterSeq`, read together so the events are exactly those up to the
 * state's `eventSeq`. Undefined when the job is not the user's.
 */
export async function openedJob(
  ex: Executor,
  jobId: string,
  userId: string,
  afterSeq: number,
): Promise<{ snapshot: JobSnapshot; events: JobEventRow[] } | undefined> {
  const [row] = await rows<{ status: JobStatus; event_seq: number; position: number | null; events: JobEventRow[] }>(
    ex,
    sql`SELECT w.status, w.event_seq, ${positionOfW} AS position,
          coalesce((SELECT json_agg(json_build_object('seq', e.seq, 'type', e.type, 'data', e.data) ORDER BY e.seq)
                    FROM job_events e WHERE e.job_id = w.id AND e.seq > ${afterSeq}), '[]'::json) AS events
        FROM jobs w
        WHERE w.id = ${jobId} AND w.user_id = ${userId}`,
  );
  return (
    row && { snapshot: { status: row.status, eventSeq: row.event_seq, position: row.position }, events: row.events }
  );
}

export async function eventsAfter(ex: Executor, jobId: string, seq: number): Promise<JobEventRow[]> {
  return rows<JobEventRow>(
    ex,
    sql`SELECT seq, type, data FROM job_events WHERE job_id = ${jobId} AND seq > ${seq} ORDER BY seq`,
  );
}

/**
 * Unfinished jobs in the queue for longer than `graceSeconds` whose queue entry is gone or
 * over (pg-boss's `state < 'completed'` is created, retry or active): nothing will run them.
 */
export async function findOrphanedJobIds(
  ex: Executor,
  queueName: string,
  graceSeconds: number,
  limit: number,
): Promise<string[]> {
  const found = await rows<{ id: string }>(
    ex,
    sql`SELECT j.id FROM jobs j
        WHERE j.status IN ('queued', 'running') AND j.dispatched_at IS NOT NULL
          AND greatest(j.dispatched_at, coalesce(j.started_at, j.dispatched_at)) < now() - make_interval(secs => ${graceSeconds})
          AND NOT EXISTS (SELECT 1 FROM pgboss.job b WHERE b.name = ${queueName} AND b.id = j.id AND b.state < 'completed')
        LIMIT ${limit}`,
  );
  return found.map((row) => row.id);
}

/** Users with waiting jobs and fewer than `maxRunning` in the queue (a promotion that never happened). */
export async function findUsersWithFreeSlots(ex: Executor, maxRunning: number, limit: number): Promise<string[]> {
  const found = await rows<{ user_id: string }>(
    ex,
    sql`SELECT user_id FROM jobs w WHERE status IN ('queued', 'running')
        GROUP BY user_id
        HAVING count(*) FILTER (WHERE dispatched_at IS NULL AND ${ready}) > 0 AND count(dispatched_at) < ${maxRunning}
        LIMIT ${limit}`,
  );
  return found.map((row) => row.user_id);
}
