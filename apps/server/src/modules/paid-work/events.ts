import { isFinishedJob, type JobEventType } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { JobSnapshot, JobWatch } from './job-watch.ts';
import * as repo from './jobs.repository.ts';

export type StreamedEvent = { id?: number; type: JobEventType; data: Record<string, unknown> };

/** A job's events for its owner's stream: the stored ones, then new ones as they happen. */
export function createEvents({ db, watch }: { db: Executor; watch: JobWatch }) {
  /**
   * The events stored when the stream opened, then, for each state the watch tells (its first one
   * included), the events after the last one told and the queue position while the job waits.
   */
  async function* followEvents(
    jobId: string,
    states: AsyncGenerator<JobSnapshot | null>,
    first: JobSnapshot | null,
    opened: { snapshot: JobSnapshot; events: repo.JobEventRow[] },
    afterSeq: number,
  ): AsyncGenerator<StreamedEvent> {
    let seq = afterSeq;
    let lastPosition: number | null = null;
    try {
      for (const event of opened.events) {
        seq = event.seq;
        yield { id: event.seq, type: event.type as JobEventType, data: event.data };
      }
      // The statement read every event up to the state it read.
      seq = Math.max(seq, opened.snapshot.eventSeq);
      for (let state = first; state;) {
        if (state.eventSeq > seq) {
          for (const event of await repo.eventsAfter(db, jobId, seq)) {
            seq = event.seq;
            yield { id: event.seq, type: event.type as JobEventType, data: event.data };
          }
        }
        if (isFinishedJob(state.status) && state.eventSeq <= seq) return;
        if (state.status === 'queued' && state.position !== lastPosition)
          yield { type: 'position', data: { position: state.position } };
        lastPosition = state.position;
        const next = await states.next();
        state = next.done ? null : next.value;
      }
    } finally {
      await states.return(null);
    }
  }

  return {
    /**
     * The owner's job as events (see the contract's `jobEvents`): the stored ones after
     * `afterSeq`, then new ones as they happen, with the queue position while it waits. Ends
     * after the last event of a finished job, or when `signal` aborts. Costs one statement before
     * it resolves (the owner's check, the state and the stored events together): 404 for a job
     * that is not the user's, before any stream starts.
     */
    async openEvents(
      userId: string,
      jobId: string,
      afterSeq: number,
      signal: AbortSignal,
    ): Promise<AsyncGenerator<StreamedEvent>> {
      if (!isUuid(jobId)) throw new AppError('not_found', messages.notFound);
      let opened: Awaited<ReturnType<typeof repo.openedJob>>;
      // Read as the watch's first look, once this follower is counted: no later change goes unheard.
      const states = watch.follow(jobId, signal, async () => {
        opened = await repo.openedJob(db, jobId, userId, afterSeq);
        return opened?.snapshot ?? null;
      });
      const first = await states.next();
      if (!opened) {
        await states.return(null);
        throw new AppError('not_found', messages.notFound);
      }
      return followEvents(jobId, states, first.done ? null : first.value, opened, afterSeq);
    },
  };
}
