import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { messages } from '@lumigen/contract/messages';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rows, type Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/** A preHandler made by `limitBy`: 429 with Retry-After once any of its counters is over. */
export type RequestLimit = (request: FastifyRequest) => Promise<void>;

export type FailureRule = {
  name: string;
  max: number;
  key: (request: FastifyRequest) => string | undefined;
  /** On success: true forgets the counter (the pair that just proved itself), else gives back this attempt. */
  clearOnSuccess?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler allowing `max` requests per window for each key `keys` returns (IP, e-mail…). */
    limitBy(keys: Array<{ name: string; max: number; key: (request: FastifyRequest) => string | undefined }>, windowMs: number): RequestLimit;
    /**
     * Limits failures only. `begin` counts the attempt as a failure before it runs (so parallel
     * guesses cannot slip past the limit) and answers 429 once a counter is over its max;
     * `succeeded` takes the attempt back.
     */
    failureLimit(rules: FailureRule[], windowMs: number): { begin(request: FastifyRequest): Promise<{ succeeded(): Promise<void> }> };
  }
}

/** Counts one more under `key` in its fixed window; the count so far and the window's ms left. */
async function increment(db: Db, key: string, windowMs: number): Promise<{ count: number; ttl: number }> {
  const [row] = await rows<{ count: number; ttl: number }>(
    db,
    sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, GREATEST(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
  );
  return { count: row?.count ?? 1, ttl: row?.ttl ?? windowMs };
}

/**
 * `increment` for several keys in one statement: a login counts three, and a burst of logins
 * should not queue three round trips each for a connection. Rows are locked in key order, so two
 * of these never wait on each other crosswise.
 */
async function incrementAll(db: Db, keys: string[], windowMs: number): Promise<Map<string, { count: number; ttl: number }>> {
  if (keys.length === 0) return new Map();
  const sorted = [...new Set(keys)].sort();
  const counted = await rows<{ key: string; count: number; ttl: number }>(
    db,
    sql`INSERT INTO rate_limits (key, count, reset_at)
        SELECT key, 1, now() + ${windowMs} * interval '1 millisecond' FROM unnest(ARRAY[${sql.join(sorted.map((key) => sql`${key}`), sql`, `)}]::text[]) AS key
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING key, count, GREATEST(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
  );
  return new Map(counted.map(({ key, count, ttl }) => [key, { count, ttl }]));
}

/** After a success: forgets some counters and takes the attempt back from the others, in one statement. */
async function giveBack(db: Db, { forget, decrement }: { forget: string[]; decrement: string[] }): Promise<void> {
  const list = (keys: string[]) => sql`ARRAY[${keys.length ? sql.join(keys.map((key) => sql`${key}`), sql`, `) : sql``}]::text[]`;
  await db.execute(
    sql`WITH forgotten AS (DELETE FROM rate_limits WHERE key = ANY(${list(forget)}))
        UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ANY(${list(decrement)})`,
  );
}

function tooMany(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('rate_limited', messages.rateLimited(seconds), { headers: { 'retry-after': String(seconds) } });
}

/** Fixed-window counters in the database, so every instance behind a load balancer shares them. */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      increment(db, key, timeWindow).then(({ count, ttl }) => callback(null, { current: count, ttl }), callback);
    }

    child() {
      return this;
    }
  };
}

export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  await app.register(rateLimit, { global: false, store: databaseStore(db) });

  app.decorate('limitBy', (keys, windowMs) => {
    const limiters = keys.map(({ name, max, key }) => ({
      key,
      check: app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${key(request) ?? ''}` }),
    }));
    return async (request: FastifyRequest) => {
      for (const limiter of limiters) {
        if (limiter.key(request) === undefined) continue;
        const result = await limiter.check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError('rate_limited', messages.rateLimited(result.ttlInSeconds), {
            headers: { 'retry-after': String(result.ttlInSeconds) },
          });
        }
      }
    };
  });

  app.decorate('failureLimit', (rules: FailureRule[], windowMs: number) => ({
    async begin(request: FastifyRequest) {
      const counted = rules.flatMap((rule) => {
        const key = rule.key(request);
        return key === undefined ? [] : [{ rule, key: `${rule.name}:${key}` }];
      });
      const counts = await incrementAll(db, counted.map(({ key }) => key), windowMs);
      const over = counted.filter(({ rule, key }) => counts.get(key)!.count > rule.max);
      if (over.length) throw tooMany(Math.max(...over.map(({ key }) => counts.get(key)!.ttl)));
      return {
        async succeeded() {
          const keys = (clear: boolean) => counted.filter(({ rule }) => (rule.clearOnSuccess ?? false) === clear).map(({ key }) => key);
          await giveBack(db, { forget: keys(true), decrement: keys(false) });
        },
      };
    },
}));
});
