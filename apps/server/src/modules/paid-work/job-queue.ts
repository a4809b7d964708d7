import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { executorSql, rows, type Database, type Executor } from '../../db/client.ts';
import { lostWorkQueue, paidWorkQueue, queueNames } from '../../db/queue-names.ts';
import { sql } from 'drizzle-orm';

export type QueueOptions = {
  /** A running attempt that takes longer is given up (its worker presumed gone) and retried. */
  timeoutSeconds: number;
  /** How often an idle worker asks for work it was not woken for (a retry come due; a notification missed). */
  pollingIntervalSeconds: number;
  /** The queue runs at most this many of one user's jobs at once (each job's group is its user). */
  maxRunningPerUser: number;
};

/** What pg-boss tells a handler about the job it took. */
export type QueuedJob = { jobId: string; retryCount: number; retryLimit: number };

// One retry, after 1–2 s: for a provider's 429/5xx (the handler throws) and for a lost worker
// (the attempt expires). docs/decisions/022.
const retryLimit = 1;
const retryDelaySeconds = 1;

/** The last schema version pg-boss 10 made; 11 rewrote the schema and migrates nothing older. */
const lastLegacySchemaVersion = 24;
/** Where a pg-boss 10 schema waits while today's pg-boss installs its own, until its jobs are moved. */
const legacySchema = 'pgboss_v10';

/**
 * pg-boss 11 and later cannot migrate pg-boss 10's schema ("Cannot migrate pg-boss schema from
 * version 24"); their maintainer's advice is to move the jobs by hand. So a database the last
 * release left is renamed aside before pg-boss starts, pg-boss installs `pgboss` anew, and
 * `adoptLegacyJobs` then moves the unfinished entries of our queues over and drops the old schema.
 */
async function moveLegacySchemaAside(database: Database): Promise<boolean> {
  const [installed] = await rows<{ present: boolean }>(
    database.db,
    sql`SELECT to_regclass('pgboss.version') IS NOT NULL AS present`,
  );
  if (!installed?.present) return false;
  const [row] = await rows<{ version: number }>(database.db, sql`SELECT version::int AS version FROM pgboss.version`);
  if (!row || row.version > lastLegacySchemaVersion) return false;
  await database.db.execute(sql.raw(`ALTER SCHEMA pgboss RENAME TO ${legacySchema}`));
  return true;
}

/**
 * The entries pg-boss 10 still held for our queues (waiting, waiting to retry, or taken by a worker
 * of the last release, which is gone) enter today's queues under the same ids, and the old schema
 * goes, in one transaction: a start cut short finds the old schema still there and does it again.
 * A job that was running starts over as a new attempt; our jobs table counts its attempts and
 * holds its money, so it is charged once whichever attempt delivers.
 */
async function adoptLegacyJobs(database: Database, boss: PgBoss): Promise<number> {
  const [aside] = await rows<{ present: boolean }>(
    database.db,
    sql`SELECT to_regnamespace(${legacySchema}) IS NOT NULL AS present`,
  );
  if (!aside?.present) return 0;
  return database.db.transaction(async (tx) => {
    const pending = await rows<{ id: string; name: string; data: { jobId: string } }>(
      tx,
      sql`SELECT id, name, data FROM ${sql.raw(legacySchema)}.job
          WHERE name IN (${sql.join(
            queueNames.map((name) => sql`${name}`),
            sql`, `,
          )}) AND state::text IN ('created', 'retry', 'active')
          ORDER BY created_on`,
    );
    for (const name of queueNames) {
      const jobs = pending.filter((job) => job.name === name).map((job) => ({ id: job.id, data: job.data }));
      if (jobs.length > 0) await boss.insert(name, jobs, { db: executorSql(tx) });
    }
    await tx.execute(sql.raw(`DROP SCHEMA ${legacySchema} CASCADE`));
    return pending.length;
  });
}

/**
 * The job queue: pg-boss on the app's own database (PostgreSQL, or PGlite through its single
 * connection), in pg-boss's `pgboss` schema, which it creates and migrates itself. A job enters
 * it inside the transaction that accepts it (`send` with the caller's executor), so a job is
 * queued exactly when its row and its reservation exist.
 */
export function createJobQueue(database: Database, options: QueueOptions, log: FastifyBaseLogger) {
  // Lost workers are found by pg-boss's monitoring pass: often enough to retry within a timeout or two.
  const superviseSeconds = Math.max(1, Math.min(60, Math.floor(options.timeoutSeconds / 4)));
  const boss = new PgBoss({
    db: database.sql,
    backend: database.kind,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    schedule: false,
    // A job sent by another process wakes an idle worker here at once (PostgreSQL's NOTIFY on a
    // connection of its own, db/client.ts), not at its next poll. PGlite has no other process:
    // work sent here wakes a worker directly (`wake`).
    useListenNotify: database.kind === 'postgres',
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: { message: string; data: object }) =>
    log.warn({ warning: warning.data }, `job queue: ${warning.message}`),
  );

  /** Our work loops: `idle` ones are woken when this process sends work. */
  const loops: Array<{ id: string; idle: boolean }> = [];
  let started = false;

  return {
    async start(): Promise<void> {
      // Instances starting together on a new database would create pg-boss's schema and the same
      // queues at once: PostgreSQL ended one as a deadlock in the load bench, and concurrent
      // CREATE SCHEMA collide. One at a time; the later ones find everything made.
      await database.exclusively(async () => {
        const upgrading = await moveLegacySchemaAside(database);
        await boss.start();
        started = true;
        const queues = [
          { name: lostWorkQueue, retryLimit: 2, retryDelay: 5, notify: true },
          {
            name: paidWorkQueue,
            retryLimit,
            retryDelay: retryDelaySeconds,
            retryBackoff: true,
            expireInSeconds: options.timeoutSeconds,
            deadLetter: lostWorkQueue,
            notify: true,
          },
        ];
        for (const { name, ...settings } of queues) {
          await boss.createQueue(name, settings);
          // createQueue keeps an existing queue's settings (a new embedded database is made with both
          // queues, db/pglite-initdb.ts): a changed JOBS_TIMEOUT_SECONDS applies now.
          await boss.updateQueue(name, settings);
        }
        const adopted = await adoptLegacyJobs(database, boss);
        if (upgrading || adopted > 0)
          log.info(
            { adopted },
            "job queue: pg-boss 10's schema replaced; its unfinished entries moved to the new queues",
          );
      });
    },

    /**
     * Queues the job in the caller's transaction: it is sent if and only if that commits. Its
     * group is its user, whom the workers' `groupConcurrency` holds to `maxRunningPerUser`.
     */
    async send(jobId: string, userId: string, ex: Executor): Promise<void> {
      await boss.send(paidWorkQueue, { jobId }, { id: jobId, group: { id: userId }, db: executorSql(ex) });
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
        const workOptions = {
          includeMetadata: true,
          batchSize: 1,
          // Notifications only say a job was sent: a retry comes due after its back-off unannounced,
          // so the poll stays as frequent with them as without.
          pollingIntervalSeconds: options.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: options.pollingIntervalSeconds,
          // A second fence behind our admission (jobs.service.ts, docs/decisions/047): counted in the
          // fetch without a lock, so two fetches at one moment may both pass it.
          groupConcurrency: options.maxRunningPerUser,
        } as const;
        loop.id = await boss.work<{ jobId: string }, void, typeof workOptions>(
          paidWorkQueue,
          workOptions,
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
      const every = Math.max(options.pollingIntervalSeconds, 2);
      await boss.work<{ jobId: string }>(
        lostWorkQueue,
        { pollingIntervalSeconds: every, notifyPollingIntervalSeconds: every },
        async ([job]) => {
          if (job) await onLost(job.data.jobId);
        },
      );
    },

    /** Stops taking work; waits up to `graceMs` for running jobs, then fails what is left (retried elsewhere). */
    async stop(graceMs = 10_000): Promise<void> {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, close: false, timeout: graceMs });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
