import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { messages } from '@lumigen/contract/messages';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rows, type Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler allowing `max` requests per window for each key `keys` returns (IP, e-mail…). */
    limitBy(keys: Array<{ name: string; max: number; key: (request: FastifyRequest) => string | undefined }>, windowMs: number): (request: FastifyRequest) => Promise<void>;
  }
}

/** Fixed-window counters in the database, so every instance behind a load balancer shares them. */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      rows<{ count: number; ttl: number }>(
        db,
        sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            ON CONFLICT (key) DO UPDATE SET
              count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
              reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
            RETURNING count, GREATEST(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
      ).then(([row]) => callback(null, { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindow }), callback);
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
});
