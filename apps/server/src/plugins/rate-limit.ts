import { messages } from '@lumigen/contract/messages';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rows, type Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

import type { RequestLimit } from '../lib/request-limit.ts';

export type { RequestLimit };

/**
 * One counter per key: `name` and what `key` returns for the request (no key: not counted).
 * `after` rules are counted only once every other rule of the call has let the request through:
 * an attempt a client's own limit refuses then never counts against, say, an e-mail address, so
 * no client can spend another person's share. `onOver` runs once per window, for the request that
 * first goes over (the database's count decides, across instances).
 */
type Rule = {
  name: string;
  max: number;
  key: (request: FastifyRequest) => string | undefined;
  after?: boolean;
  onOver?: (request: FastifyRequest) => void;
};

export type FailureRule = Rule & {
  /** On success: true forgets the counter (the pair that just proved itself), else gives back this attempt. */
  clearOnSuccess?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler allowing `max` requests per window for each key `keys` returns (IP, e-mail…). */
    limitBy(keys: Rule[], windowMs: number): RequestLimit;
    /**
     * Limits failures only. `begin` counts the attempt as a failure before it runs (so parallel
     * guesses cannot slip past the limit) and answers 429 once a counter is over its max;
     * `succeeded` takes the attempt back.
     */
    failureLimit(
      rules: FailureRule[],
      windowMs: number,
    ): { begin(request: FastifyRequest): Promise<{ succeeded(): Promise<void> }> };
  }
}

/**
 * Counts one more under each key in its fixed window, in one statement: a paid call counts its
 * user and its address, and a statement (a commit) for each cost PostgreSQL more than anything
 * else a generation does (docs/decisions/040). Rows are locked in key order, so two of these never
 * wait on each other crosswise. The count so far and the window's ms left, by key.
 */
async function incrementAll(
  db: Db,
  keys: string[],
  windowMs: number,
): Promise<Map<string, { count: number; ttl: number }>> {
  if (keys.length === 0) return new Map();
  const sorted = [...new Set(keys)].sort();
  const counted = await rows<{ key: string; count: number; ttl: number }>(
    db,
    sql`INSERT INTO rate_limits (key, count, reset_at)
        SELECT key, 1, now() + ${windowMs} * interval '1 millisecond' FROM unnest(ARRAY[${sql.join(
          sorted.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]) AS key
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING key, count, GREATEST(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
  );
  return new Map(counted.map(({ key, count, ttl }) => [key, { count, ttl }]));
}

/** After a success: forgets some counters and takes the attempt back from the others, in one statement. */
async function giveBack(db: Db, { forget, decrement }: { forget: string[]; decrement: string[] }): Promise<void> {
  const list = (keys: string[]) =>
    sql`ARRAY[${
      keys.length
        ? sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )
        : sql``
    }]::text[]`;
  await db.execute(
    sql`WITH forgotten AS (DELETE FROM rate_limits WHERE key = ANY(${list(forget)}))
        UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ANY(${list(decrement)})`,
  );
}

function tooMany(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('rate_limited', messages.rateLimited(seconds), { headers: { 'retry-after': String(seconds) } });
}

export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

/**
 * This process's own view of each counter, in front of the database's: a process that has itself
 * seen more than `max` in the window refuses without writing anything, so a refused flood costs no
 * statement. Every count here is at most the database's (other instances count there too), so a
 * refusal here is always one the database would make; the database alone lets requests through.
 */
export function createLocalCounters(maxEntries = 100_000) {
  const counters = new Map<string, { count: number; resetAt: number }>();
  function prune(now: number) {
    for (const [key, entry] of counters) if (entry.resetAt <= now) counters.delete(key);
    // Still too many live keys (a spray of addresses): forget them all, the database still counts.
    if (counters.size >= maxEntries) counters.clear();
  }
  return {
    /** Counts one more; the count and ms left in this process's window. */
    hit(key: string, windowMs: number, now = Date.now()): { count: number; ttl: number } {
      let entry = counters.get(key);
      if (!entry || entry.resetAt <= now) {
        if (counters.size >= maxEntries) prune(now);
        entry = { count: 0, resetAt: now + windowMs };
        counters.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, ttl: entry.resetAt - now };
    },
    /** Takes the database's word: its count (when higher) and its window's end. */
    sync(key: string, count: number, ttl: number, now = Date.now()) {
      const entry = counters.get(key);
      if (entry) {
        entry.count = Math.max(entry.count, count);
        entry.resetAt = now + ttl;
      }
    },
    giveBack(key: string) {
      const entry = counters.get(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    },
    forget(key: string) {
      counters.delete(key);
    },
  };
}
type LocalCounters = ReturnType<typeof createLocalCounters>;

type Counted<R extends Rule> = Array<{ rule: R; key: string }>;

/**
 * Counts the request under one group of rules: in this process first (over: 429 and nothing
 * written), then in the database, in one statement; 429 with Retry-After once any is over.
 */
async function countGroup<R extends Rule>(
  db: Db,
  local: LocalCounters,
  counted: Counted<R>,
  request: FastifyRequest,
  windowMs: number,
): Promise<void> {
  if (counted.length === 0) return;
  const seen = counted.map(({ rule, key }) => ({ rule, key, ...local.hit(key, windowMs) }));
  // A rule that must hear of its first refusal leaves that one to the database, which counts for every instance.
  const overHere = seen.filter(({ rule, count }) => count > rule.max + (rule.onOver ? 1 : 0));
  if (overHere.length) throw tooMany(Math.max(...overHere.map(({ ttl }) => ttl)));
  const counts = await incrementAll(
    db,
    counted.map(({ key }) => key),
    windowMs,
  );
  for (const { key } of counted) {
    const found = counts.get(key)!;
    local.sync(key, found.count, found.ttl);
  }
  const over = counted.filter(({ rule, key }) => counts.get(key)!.count > rule.max);
  for (const { rule, key } of over) if (counts.get(key)!.count === rule.max + 1) rule.onOver?.(request);
  if (over.length) throw tooMany(Math.max(...over.map(({ key }) => counts.get(key)!.ttl)));
}

/** Counts the request under each rule that has a key for it, `after` rules last; 429 with Retry-After once any counter is over its max. */
async function count<R extends Rule>(
  db: Db,
  local: LocalCounters,
  rules: R[],
  request: FastifyRequest,
  windowMs: number,
): Promise<Counted<R>> {
  const counted = rules.flatMap((rule) => {
    const key = rule.key(request);
    return key === undefined ? [] : [{ rule, key: `${rule.name}:${key}` }];
  });
  await countGroup(
    db,
    local,
    counted.filter(({ rule }) => !rule.after),
    request,
    windowMs,
  );
  await countGroup(
    db,
    local,
    counted.filter(({ rule }) => rule.after),
    request,
    windowMs,
  );
  return counted;
}

/** Fixed-window counters in the database, so every instance behind a load balancer shares them. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const local = createLocalCounters();
  app.decorate(
    'limitBy',
    (rules, windowMs) => (request: FastifyRequest) => count(db, local, rules, request, windowMs).then(() => undefined),
  );
  app.decorate('failureLimit', (rules: FailureRule[], windowMs: number) => ({
    async begin(request: FastifyRequest) {
      const counted = await count(db, local, rules, request, windowMs);
      return {
        async succeeded() {
          const keys = (clear: boolean) =>
            counted.filter(({ rule }) => (rule.clearOnSuccess ?? false) === clear).map(({ key }) => key);
          for (const key of keys(true)) local.forget(key);
          for (const key of keys(false)) local.giveBack(key);
          await giveBack(db, { forget: keys(true), decrement: keys(false) });
        },
      };
    },
  }));
});
