import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { executorSql, type Database, type Executor } from '../../db/client.ts';
import { lostWorkQueue, paidWorkQueue } from './queue-names.ts';

type Settle = (...args: unknown[]) => Promise<unknown>;
type Manager = { prototype: { complete: Settle; fail: Settle; emit(event: string, error: unknown): void } };

/*
 * pg-boss 10 marks a job done or failed after its handler without awaiting it (its issue #577):
 * a rejection there — the database down, or the pool already ended by a shutdown — is unhandled,
 * and Node ends the process: every web instance and worker at once, for an outage they should
 * ride out. Here any such failure is reported as a queue error instead; the job stays active in
 * pg-boss until it expires and is retried, and the attempt finds our jobs table already settled
 * (or settles it). Our jobs table and the ledger are the truth, never pg-boss's state.
 */
const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as Manager;
for (const name of ['complete', 'fail'] as const) {
  const original = manager.prototype[name];
  manager.prototype[name] = async function (this: Manager['prototype'], ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      this.emit('error', error);
      return { jobs: [], requested: 0, affected: 0 };
    }
  };
}

export type QueueOptions = {
  /** A running attempt that takes longer is given up (its worker presumed gone) and retried. */
  timeoutSeconds: number;
  /** How often an idle worker asks for work it was not woken for (another instance sent it). */
  pollingIntervalSeconds: number;
};

/** What pg-boss tells a handler about the job it took. */
export type QueuedJob = { jobId: string; retryCount: number; retryLimit: number };

// One retry, after 1–2 s: for a provider's 429/5xx (the handler throws) and for a lost worker
// (the attempt expires). docs/decisions/022.
const retryLimit = 1;
const retryDelaySeconds = 1;

/**
 * The job queue: pg-boss on the app's own database (PostgreSQL, or PGlite through its single
 * connection), in pg-boss's `pgboss` schema, which it creates and migrates itself. A job enters
 * it inside the transaction that accepts it (`send` with the caller's executor), so a job is
 * queued exactly when its row and its reservation exist.
 */
export function createJobQueue(database: Database, options: QueueOptions, log: FastifyBaseLogger) {
  const boss = new PgBoss({
    db: database.sql,
    // Lost workers are found by pg-boss's maintenance: often enough to retry within a timeout or two.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(options.timeoutSeconds / 4))),
    schedule: false,
    // A failed queue entry stays a week for operators; our jobs table is the user's record.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));

  /** Our work loops: `idle` ones are woken when this process sends work. */
  const loops: Array<{ id: string; idle: boolean }> = [];
  let started = false;

  return {
    async start(): Promise<void> {
      // Instances starting together on a new database would create pg-boss's schema and the same
      // queues at once: PostgreSQL ended one as a deadlock in the load bench, and concurrent
      // CREATE SCHEMA collide. One at a time; the later ones find everything made.
      await database.exclusively(async () => {
        await boss.start();
        started = true;
        const queues = [
          { name: lostWorkQueue, retryLimit: 2, retryDelay: 5 },
          { name: paidWorkQueue, retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds: options.timeoutSeconds, deadLetter: lostWorkQueue },
        ];
        for (const queue of queues) {
          await boss.createQueue(queue.name, queue);
          // createQueue keeps an existing queue's settings (a new embedded database is made with both
          // queues, db/pglite-initdb.ts): a changed JOBS_TIMEOUT_SECONDS applies now.
          await boss.updateQueue(queue.name, queue);
        }
      });
    },

    /** Queues the job in the caller's transaction: it is sent if and only if that commits. */
    async send(jobId: string, ex: Executor): Promise<void> {
      await boss.send(paidWorkQueue, { jobId }, { id: jobId, db: executorSql(ex) });
    },

    /** Takes a queued job out of the queue (a running one is left to notice it was canceled). */
    async cancel(jobId: string, ex: Executor): Promise<void> {
      await boss.cancel(paidWorkQueue, jobId, { db: executorSql(ex) });
    },

    /** Wakes one idle worker of this process for work just sent, instead of its next poll. */
    wake(): void {
      const idle = loops.find((loop) => loop.idle);
      if (idle) boss.notifyWorker(idle.id);
    },

    /**
     * Runs `concurrency` work loops, each one job at a time. A handler that throws has its
     * attempt failed: retried once after a back-off, then dead-lettered (see `settleLost`).
     */
    async work(concurrency: number, handler: (job: QueuedJob) => Promise<void>): Promise<void> {
      for (let i = 0; i < concurrency; i += 1) {
        const loop = { id: '', idle: true };
        loop.id = await boss.work<{ jobId: string }>(
          paidWorkQueue,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            loop.idle = false;
            try {
              await handler({ jobId: job.data.jobId, retryCount: job.retryCount, retryLimit: job.retryLimit });
            } finally {
              loop.idle = true;
              // Ask again at once rather than after the polling interval: more work is likely
              // waiting, and an empty answer costs one query before the loop goes back to polling.
              boss.notifyWorker(loop.id);
            }
          },
        );
        loops.push(loop);
      }
    },

    /**
     * Takes the jobs pg-boss gave up on (last attempt expired with its worker, or failed) and
     * hands them to `onLost`, which refunds them. Every instance does this, web-only ones too:
     * it needs no provider, and the workers that would have done it may all be gone.
     */
    async settleLost(onLost: (jobId: string) => Promise<void>): Promise<void> {
      await boss.work<{ jobId: string }>(lostWorkQueue, { pollingIntervalSeconds: Math.max(options.pollingIntervalSeconds, 2) }, async ([job]) => {
        if (job) await onLost(job.data.jobId);
      });
    },

    /** Stops taking work; waits up to `graceMs` for running jobs, then fails what is left (retried elsewhere). */
    async stop(graceMs = 10_000): Promise<void> {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: graceMs });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
