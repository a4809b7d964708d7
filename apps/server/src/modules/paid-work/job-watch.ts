import { EventEmitter, once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Listen } from '../../db/client.ts';
import { heldPngBytes } from '../../lib/image-bytes.ts';
import { snapshotsOf, type JobRow, type JobSnapshot } from './jobs.repository.ts';

export type { JobSnapshot };

/** A job's state as the statement that changed it returned it: no look needed. */
export const snapshotOfRow = (row: Pick<JobRow, 'status' | 'event_seq'>): JobSnapshot => ({
  status: row.status,
  eventSeq: row.event_seq,
  position: null,
});

/**
 * What a worker of this process left for whoever here waits on the job: its final row and, when it
 * made one, the image's bytes, so the waiter reads neither again (docs/decisions/034).
 */
export type JobEnding = { row: JobRow; png?: Buffer | undefined };

const sameSnapshot = (a: JobSnapshot | null | undefined, b: JobSnapshot | null) =>
  a === b || (!!a && !!b && a.status === b.status && a.eventSeq === b.eventSeq && a.position === b.position);

/** The channel every committed change to a job is announced on (migration 0014), its id as the payload. */
export const jobsChannel = 'lumigen_jobs';

/**
 * Who waits on a job in this process (an event stream, a brief's synchronous call) learns of its
 * changes here. A change committed anywhere (another process's worker, a cancel on another
 * instance) is announced by the database on `jobsChannel` (LISTEN/NOTIFY, decision 047): a job
 * followed here is read at once, and the queue positions of the jobs waiting here are read again
 * within `positionsMs` of any job's change (one statement for all of them). Notifications only
 * wake; the state is always read. While anyone waits, one statement every `pollMs` still reads
 * every job waited on (`backstopMs` while the subscription holds: a notification sent while it
 * was being made again is covered by the look it triggers on reconnecting, and this look covers
 * anything else). A change made in this process (`changed`) is told at once: with the state the
 * changing statement returned, no statement at all (docs/decisions/034); without it, by a look at
 * that job.
 */
export function createJobWatch({
  db,
  pollMs,
  backstopMs = pollMs,
  positionsMs = 100,
  listen,
  log,
}: {
  db: Executor;
  pollMs: number;
  backstopMs?: number;
  positionsMs?: number;
  listen?: Listen | undefined;
  log: FastifyBaseLogger;
}) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Job id → how many follow it, and the state they were last told (null: the job is gone).
  const followers = new Map<string, number>();
  const seen = new Map<string, JobSnapshot | null>();
  // Job id → how it ended, while anyone here follows it (see `ended`).
  const endings = new Map<string, JobEnding>();
  let timer: NodeJS.Timeout | undefined;
  // Set when the process closes its database: no more looks, and every follow ends.
  let stopped = false;
  // The last look's failure (the database is away): every follow ends with it, as a waiter's own
  // statement would have, so a waiting call answers 503 rather than waiting out the outage.
  let failure: { error: unknown } | undefined;
  // The LISTEN subscription, once made; until then (or without `listen`) the looks are every `pollMs`.
  let subscription: { close(): Promise<void> } | undefined;
  // Jobs announced and not yet read (`all`: every followed job, for their positions), and the look that will read them.
  const announced = new Set<string>();
  let announcedAll = false;
  let soon: { timer: NodeJS.Timeout; delayMs: number } | undefined;
  let reading = false;

  function record(ids: readonly string[], found: Map<string, JobSnapshot>): void {
    for (const id of ids) {
      const now = found.get(id) ?? null;
      if (!followers.has(id) || sameSnapshot(seen.get(id), now)) continue;
      // A look that began before a change told directly must not take it back: event numbers only grow.
      const before = seen.get(id);
      if (now && before && now.eventSeq < before.eventSeq) continue;
      seen.set(id, now);
      emitter.emit(id);
    }
  }

  async function look(ids: readonly string[]): Promise<void> {
    let found: Map<string, JobSnapshot>;
    try {
      found = await snapshotsOf(db, ids);
    } catch (error) {
      failure = { error };
      for (const id of ids) emitter.emit(id);
      throw error;
    }
    failure = undefined;
    record(ids, found);
  }

  function schedule(): void {
    if (stopped || timer || followers.size === 0) return;
    timer = setTimeout(
      () => {
        void look([...followers.keys()])
          .catch((error: unknown) => log.warn({ err: error }, 'could not read the jobs being watched'))
          .finally(() => {
            timer = undefined;
            schedule();
          });
      },
      subscription ? backstopMs : pollMs,
    );
    timer.unref();
  }

  /** Reads the announced jobs now (or, for positions alone, within `positionsMs`): one look at a time. */
  function readAnnounced(delayMs: number): void {
    if (stopped || reading) return;
    if (soon) {
      // A job followed here is read at once, not after a look for positions alone.
      if (soon.delayMs <= delayMs) return;
      clearTimeout(soon.timer);
    }
    const timer = setTimeout(() => {
      soon = undefined;
      const ids = announcedAll ? [...followers.keys()] : [...announced].filter((id) => followers.has(id));
      announced.clear();
      announcedAll = false;
      if (ids.length === 0) return;
      reading = true;
      void look(ids)
        .catch((error: unknown) => log.warn({ err: error }, 'could not read the jobs announced as changed'))
        .finally(() => {
          reading = false;
          if (announcedAll || [...announced].some((id) => followers.has(id)))
            readAnnounced(announced.size > 0 ? 0 : positionsMs);
        });
    }, delayMs);
    timer.unref();
    soon = { timer, delayMs };
  }

  /** A job changed somewhere: read it if it is followed here; read the waiting ones' positions soon. */
  function onAnnounced(jobId: string): void {
    if (stopped || followers.size === 0) return;
    if (followers.has(jobId)) {
      announced.add(jobId);
      readAnnounced(0);
    } else if ([...seen.values()].some((state) => state?.status === 'queued')) {
      announcedAll = true;
      readAnnounced(positionsMs);
    }
  }

  return {
    /**
     * Subscribes to the jobs' channel, when the database can: from then on changes made elsewhere
     * are heard at once and the looks every `pollMs` become a backstop every `backstopMs`. A
     * database that cannot (a connection refused) leaves the looks as they were.
     */
    async listen(): Promise<boolean> {
      if (!listen || subscription || stopped) return subscription !== undefined;
      try {
        subscription = await listen(jobsChannel, onAnnounced, () => {
          // Whatever was announced while the subscription was being made again was missed.
          announcedAll = true;
          readAnnounced(0);
        });
      } catch (error) {
        log.warn({ err: error }, 'could not listen for job changes; watched jobs are read every half second instead');
        return false;
      }
      if (stopped) await subscription.close();
      return true;
    },

    /**
     * A job changed in this process: whoever follows it here hears at once. `now` is its state as
     * the changing statement returned it (no look); without it, the job is read.
     */
    changed(jobId: string, now?: JobSnapshot): void {
      if (stopped || !followers.has(jobId)) return;
      if (now) {
        // The statement that returned it succeeded: an earlier failed look no longer says the database is away.
        failure = undefined;
        record([jobId], new Map([[jobId, now]]));
      } else look([jobId]).catch((error: unknown) => log.warn({ err: error, jobId }, 'could not read a changed job'));
    },

    /**
     * A job ended in this process (its row as the ending statement returned it, committed): its
     * followers here hear at once, and `ending` hands them the row and the image's bytes (up to
     * `heldPngBytes`: a larger one is read from the store).
     */
    ended({ row, png }: JobEnding): void {
      const jobId = row.id;
      if (stopped || !followers.has(jobId)) return;
      endings.set(jobId, { row, png: png && png.length <= heldPngBytes ? png : undefined });
      failure = undefined;
      record([jobId], new Map([[jobId, snapshotOfRow(row)]]));
    },

    /** How the job ended, when it ended in this process while it was followed here. */
    ending(jobId: string): JobEnding | undefined {
      return endings.get(jobId);
    },

    /**
     * The job's state now (`first`, or read), then each time it changes, until it is gone or `signal`
     * aborts; a state is skipped only when a newer one replaced it before the caller asked for the next.
     * `first` is the state the caller has just written, or its own read of the job, made once the
     * follower is counted so that no change after that read goes unheard.
     */
    async *follow(
      jobId: string,
      signal?: AbortSignal,
      first?: JobSnapshot | (() => Promise<JobSnapshot | null>),
    ): AsyncGenerator<JobSnapshot | null> {
      if (stopped) return;
      followers.set(jobId, (followers.get(jobId) ?? 0) + 1);
      try {
        const now =
          typeof first === 'function' ? await first() : (first ?? (await snapshotsOf(db, [jobId])).get(jobId) ?? null);
        // A look at every followed job may have answered while this one was read: keep the newer.
        if (!seen.has(jobId)) seen.set(jobId, now);
        schedule();
        let told = seen.get(jobId)!;
        yield told;
        while (told && !signal?.aborted && !stopped) {
          if (sameSnapshot(seen.get(jobId), told)) {
            try {
              await once(emitter, jobId, signal ? { signal } : {});
            } catch {
              return; // aborted
            }
          }
          if (stopped) return;
          if (failure) throw failure.error;
          told = seen.get(jobId)!;
          yield told;
        }
      } finally {
        const left = followers.get(jobId)! - 1;
        if (left > 0) followers.set(jobId, left);
        else {
          followers.delete(jobId);
          seen.delete(jobId);
          endings.delete(jobId);
        }
      }
    },

    /** Before the database closes: the looks stop, and whoever follows a job stops waiting. */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(soon?.timer);
      timer = undefined;
      soon = undefined;
      void subscription?.close().catch(() => undefined);
      subscription = undefined;
      for (const jobId of followers.keys()) emitter.emit(jobId);
    },
  };
}

export type JobWatch = ReturnType<typeof createJobWatch>;
