import { EventEmitter, once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { snapshotsOf, type JobSnapshot } from './jobs.repository.ts';

export type { JobSnapshot };

const sameSnapshot = (a: JobSnapshot | null | undefined, b: JobSnapshot | null) =>
  a === b || (!!a && !!b && a.status === b.status && a.eventSeq === b.eventSeq && a.position === b.position);

/**
 * Who waits on a job in this process (an event stream, a brief's synchronous call) learns of its
 * changes here. A job run by another process changes without a word to this one, so while anyone
 * waits, one statement every `pollMs` reads the state of every job waited on: the database's
 * load grows with the processes, not with the people watching (docs/decisions/031). A change made
 * in this process (`changed`) is read at once.
 */
export function createJobWatch({ db, pollMs, log }: { db: Executor; pollMs: number; log: FastifyBaseLogger }) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Job id → how many follow it, and the state they were last told (null: the job is gone).
  const followers = new Map<string, number>();
  const seen = new Map<string, JobSnapshot | null>();
  let timer: NodeJS.Timeout | undefined;
  // Set when the process closes its database: no more looks, and every follow ends.
  let stopped = false;
  // The last look's failure (the database is away): every follow ends with it, as a waiter's own
  // statement would have, so a waiting call answers 503 rather than waiting out the outage.
  let failure: { error: unknown } | undefined;

  function record(ids: readonly string[], found: Map<string, JobSnapshot>): void {
    for (const id of ids) {
      const now = found.get(id) ?? null;
      if (!followers.has(id) || sameSnapshot(seen.get(id), now)) continue;
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
    timer = setTimeout(() => {
      void look([...followers.keys()])
        .catch((error: unknown) => log.warn({ err: error }, 'could not read the jobs being watched'))
        .finally(() => {
          timer = undefined;
          schedule();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    /** A job changed in this process: whoever follows it here hears at once. */
    changed(jobId: string): void {
      if (stopped || !followers.has(jobId)) return;
      look([jobId]).catch((error: unknown) => log.warn({ err: error, jobId }, 'could not read a changed job'));
    },

    /**
     * The job's state now, then each time it changes, until it is gone or `signal` aborts; a
     * state is skipped only when a newer one replaced it before the caller asked for the next.
     */
    async *follow(jobId: string, signal?: AbortSignal): AsyncGenerator<JobSnapshot | null> {
      if (stopped) return;
      followers.set(jobId, (followers.get(jobId) ?? 0) + 1);
      try {
        const first = (await snapshotsOf(db, [jobId])).get(jobId) ?? null;
        // A look at every followed job may have answered while this one was read: keep the newer.
        if (!seen.has(jobId)) seen.set(jobId, first);
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
        }
      }
    },

    /** Before the database closes: the looks stop, and whoever follows a job stops waiting. */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      for (const jobId of followers.keys()) emitter.emit(jobId);
    },
  };
}

export type JobWatch = ReturnType<typeof createJobWatch>;
