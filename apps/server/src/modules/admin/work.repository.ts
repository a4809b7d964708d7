import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';

export type AdminJobRow = {
  id: string;
  user_id: string;
  user_email: string;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  stuck: boolean;
  rank: number;
  reservation_id: string | null;
  error_code: string | null;
  message: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  input_keys: Record<string, string>;
  follows_job_id: string | null;
  params: Record<string, unknown>;
  /** created_at to the microsecond, for the page's cursor (a JS Date keeps milliseconds only). */
  created_key: string;
};

/** Where a page starts: after the last job of the page before, in the page's order. */
export type JobsCursor = { rank: number; createdKey: string; id: string };

/**
 * One page of jobs, those that need attention (failed, or queued or running for longer than
 * `stuckBefore` allows) first, newest first within each. `status` narrows to one state, `stuck`
 * included.
 */
export function jobsPage(
  ex: Executor,
  {
    status,
    stuckBefore,
    cursor,
    limit,
  }: { status?: string | undefined; stuckBefore: Date; cursor?: JobsCursor | undefined; limit: number },
): Promise<AdminJobRow[]> {
  const stuck = sql`(j.status IN ('queued', 'running') AND coalesce(j.started_at, j.created_at) < ${stuckBefore.toISOString()})`;
  const rank = sql`(CASE WHEN j.status = 'failed' OR ${stuck} THEN 0 ELSE 1 END)`;
  const where: SQL[] = [];
  if (status === 'stuck') where.push(stuck);
  else if (status) where.push(sql`j.status = ${status}`);
  if (cursor) {
    where.push(
      sql`(${rank} > ${cursor.rank} OR (${rank} = ${cursor.rank} AND (j.created_at, j.id) < (${cursor.createdKey}::timestamptz, ${cursor.id}::uuid)))`,
    );
  }
  return rows<AdminJobRow>(
    ex,
    sql`SELECT j.id, j.user_id, u.email AS user_email, j.kind, j.status, ${stuck} AS stuck, ${rank} AS rank,
               j.reservation_id, j.error_code, j.message, j.created_at, j.started_at, j.finished_at,
               j.input_keys, j.follows_job_id, j.params,
               to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key
        FROM jobs j JOIN users u ON u.id = j.user_id
        ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY ${rank}, j.created_at DESC, j.id DESC
        LIMIT ${limit}`,
  );
}

export type AttemptRow = {
  job_id: string;
  provider: string;
  endpoint: string;
  status: number | null;
  ms: number;
  outcome: string;
  cost_usd: number | null;
};

/** The provider calls of these jobs, in the order each job made them. */
export function attemptsOf(ex: Executor, jobIds: string[]): Promise<AttemptRow[]> {
  if (jobIds.length === 0) return Promise.resolve([]);
  return rows<AttemptRow>(
    ex,
    sql`SELECT job_id, provider, endpoint, status, ms, outcome, cost_usd FROM job_provider_attempts
        WHERE job_id IN (${sql.join(
          jobIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY job_id, seq`,
  );
}

export type RetryJobRow = Pick<
  AdminJobRow,
  'id' | 'user_id' | 'kind' | 'status' | 'input_keys' | 'follows_job_id' | 'params' | 'reservation_id'
> & { user_deleted: boolean };

/** One job for a retry; with `lock`, its row is held until the transaction ends, so two operators cannot retry it at once. */
export async function findJobForRetry(
  ex: Executor,
  jobId: string,
  { lock }: { lock: boolean },
): Promise<RetryJobRow | undefined> {
  const [row] = await rows<RetryJobRow>(
    ex,
    sql`SELECT j.id, j.user_id, j.kind, j.status, j.input_keys, j.follows_job_id, j.params, j.reservation_id,
               u.deleted_at IS NOT NULL AS user_deleted
        FROM jobs j JOIN users u ON u.id = j.user_id
        WHERE j.id = ${jobId} ${lock ? sql`FOR UPDATE OF j` : sql``}`,
  );
  return row;
}

export type ProviderStatsRow = {
  provider: string;
  requests: number;
  errors: number;
  median_ms: number;
  cost_usd: number;
};

/** Per provider since `since`: calls, those that did not answer `ok`, the median duration and the cost. */
export function providerStatsSince(ex: Executor, since: Date): Promise<ProviderStatsRow[]> {
  return rows<ProviderStatsRow>(
    ex,
    sql`SELECT provider, count(*)::int AS requests, count(*) FILTER (WHERE outcome <> 'ok')::int AS errors,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::float8 AS median_ms,
               coalesce(sum(cost_usd), 0)::float8 AS cost_usd
        FROM job_provider_attempts WHERE created_at >= ${since.toISOString()}
        GROUP BY provider ORDER BY provider`,
  );
}
