import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../../db/client.ts';
import type { ProviderAttempt } from './provider.ts';

/** Appends a job's provider calls after those an earlier attempt of it recorded (migration 0018). */
export async function recordProviderAttempts(ex: Executor, jobId: string, attempts: ProviderAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const values = attempts.map(
    (a, index) =>
      sql`(${jobId}, (SELECT coalesce(max(seq), 0) FROM job_provider_attempts WHERE job_id = ${jobId}) + ${index + 1}, ${a.provider}, ${a.endpoint}, ${a.status}, ${a.ms}, ${a.outcome}, ${JSON.stringify(a.usage)}::jsonb, ${a.costUsd})`,
  );
  await ex.execute(
    sql`INSERT INTO job_provider_attempts (job_id, seq, provider, endpoint, status, ms, outcome, usage, cost_usd) VALUES ${sql.join(values, sql`, `)}`,
  );
}

/** A job's provider calls in the order they were made. */
export async function providerAttemptsOf(ex: Executor, jobId: string): Promise<ProviderAttempt[]> {
  const found = await rows<{
    provider: ProviderAttempt['provider'];
    endpoint: string;
    status: number | null;
    ms: number;
    outcome: ProviderAttempt['outcome'];
    usage: Record<string, number>;
    cost_usd: number | null;
  }>(
    ex,
    sql`SELECT provider, endpoint, status, ms, outcome, usage, cost_usd FROM job_provider_attempts WHERE job_id = ${jobId} ORDER BY seq`,
  );
  return found.map(({ cost_usd, ...rest }) => ({ ...rest, costUsd: cost_usd === null ? null : Number(cost_usd) }));
}
