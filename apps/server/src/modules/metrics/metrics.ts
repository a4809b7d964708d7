import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseStats } from '../../db/client.ts';

/** Counts of unfinished jobs by status, asked of the database at each scrape. */
export type QueueDepth = () => Promise<{ queued: number; running: number }>;

// Seconds: from a fast JSON answer to a slow upload; and from a local edit to a slow provider.
const httpBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const workBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * One Prometheus registry and its instruments, per app (or worker) instance: tests build many
 * apps in one process, and prom-client's global registry would refuse the second one's metrics.
 * The default metrics (event-loop lag, memory, CPU, GC) are process-wide and appear in each.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  let databaseStats: (() => DatabaseStats) | undefined;
  let queueDepth: QueueDepth | undefined;

  return {
    registry,

    http: {
      requests: new Histogram({
        name: 'lumigen_http_request_duration_seconds',
        help: 'HTTP requests by route pattern and status, and how long each took to answer',
        labelNames: ['method', 'route', 'status'] as const,
        buckets: httpBuckets,
        registers,
      }),
    },

    jobs: {
      accepted: new Counter({
        name: 'lumigen_jobs_accepted_total',
        help: 'Paid jobs accepted (credit reserved)',
        labelNames: ['kind'] as const,
        registers,
      }),
      finished: new Counter({
        name: 'lumigen_jobs_finished_total',
        help: 'Paid jobs ended, by kind and outcome (succeeded, failed, canceled)',
        labelNames: ['kind', 'outcome'] as const,
        registers,
      }),
      unusable: new Counter({
        name: 'lumigen_unusable_outputs_total',
        help: 'Provider answers refused as unusable and refunded, by provider, tool (generation or an editing tool) and reason (transparent, black, one_colour, unchanged, wrong_size)',
        labelNames: ['provider', 'tool', 'reason'] as const,
        registers,
      }),
      queueWait: new Histogram({
        name: 'lumigen_job_queue_wait_seconds',
        help: 'From a job accepted to its first attempt started',
        labelNames: ['kind'] as const,
        buckets: workBuckets,
        registers,
      }),
      runTime: new Histogram({
        name: 'lumigen_job_run_seconds',
        help: 'One attempt of a job, from its start to its end, by outcome (succeeded, failed, retried)',
        labelNames: ['kind', 'outcome'] as const,
        buckets: workBuckets,
        registers,
      }),
      // Read at each scrape; every instance shares one queue, so every instance reports the same.
      depth: new Gauge({
        name: 'lumigen_jobs_unfinished',
        help: 'Unfinished jobs in the shared queue, by status (queued: waiting for a worker or a free slot; running)',
        labelNames: ['status'] as const,
        registers,
        async collect() {
          if (!queueDepth) return;
          const depth = await queueDepth();
          this.set({ status: 'queued' }, depth.queued);
          this.set({ status: 'running' }, depth.running);
        },
      }),
    },

    providers: {
      calls: new Histogram({
        name: 'lumigen_provider_call_duration_seconds',
        help: 'Calls to the image providers, by provider, tool (generation or an editing tool) and outcome (ok, error)',
        labelNames: ['provider', 'tool', 'outcome'] as const,
        buckets: workBuckets,
        registers,
      }),
      errors: new Counter({
        name: 'lumigen_provider_errors_total',
        help: "Failed provider calls by provider, tool and the failure's kind",
        labelNames: ['provider', 'tool', 'failure'] as const,
        registers,
      }),
      // Every call to an outside service a tool chain made (a retried call and a failed-over one too; decision 050).
      requests: new Counter({
        name: 'lumigen_provider_requests_total',
        help: "Calls made by the editing tools' provider chains, by provider, tool and outcome (ok, retried, or the failure)",
        labelNames: ['provider', 'tool', 'outcome'] as const,
        registers,
      }),
      cost: new Counter({
        name: 'lumigen_provider_cost_usd_total',
        help: 'Estimated cost of provider calls in US dollars (list prices, PROVIDER_PRICES_JSON), by provider and kind of work',
        labelNames: ['provider', 'kind'] as const,
        registers,
      }),
    },

    credits: {
      spent: new Counter({
        name: 'lumigen_credits_spent_total',
        help: 'Credits taken for paid work (reserved or spent at once)',
        registers,
      }),
      refunded: new Counter({
        name: 'lumigen_credits_refunded_total',
        help: 'Credits given back for paid work that failed or was canceled',
        registers,
      }),
      granted: new Counter({
        name: 'lumigen_credits_granted_total',
        help: 'Credits granted, by reason (signup_bonus, purchase, adjustment)',
        labelNames: ['reason'] as const,
        registers,
      }),
      reversed: new Counter({
        name: 'lumigen_credits_reversed_total',
        help: 'Credits taken back for refunded or disputed purchases',
        registers,
      }),
      refusedUnusableBudget: new Counter({
        name: 'lumigen_paid_work_refused_unusable_budget_total',
        help: 'Paid work refused because the account used up its day of unusable-output refunds (UNUSABLE_REFUNDS_PER_DAY)',
        registers,
      }),
    },

    database: {
      pool: new Gauge({
        name: 'lumigen_db_pool_connections',
        help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for a connection)',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const pool = databaseStats?.().pool;
          if (!pool) return;
          for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
        },
      }),
      queryErrors: new Counter({
        name: 'lumigen_db_query_errors_total',
        help: 'Failed database statements by SQLSTATE (23505: a duplicate, often expected)',
        labelNames: ['code'] as const,
        registers,
        collect() {
          const errors = databaseStats?.().queryErrors;
          if (!errors) return;
          // The database keeps the running totals (one database may serve several apps in tests).
          this.reset();
          for (const [code, count] of errors) this.inc({ code }, count);
        },
      }),
    },

    /** Where the scrape-time readings come from, once the database and the queue exist. */
    observe(sources: { database: () => DatabaseStats; queueDepth: QueueDepth }): void {
      databaseStats = sources.database;
      queueDepth = sources.queueDepth;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
export type CreditMetrics = Metrics['credits'];
export type JobMetrics = Metrics['jobs'];
export type ProviderMetrics = Metrics['providers'];
