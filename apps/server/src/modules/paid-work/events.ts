import { isFinishedJob, type JobEventType } from '@lumigen/contract/jobs';
import type { JobsDeps } from './jobs-deps.ts';
import * as repo from './jobs.repository.ts';
import type { JobList } from './list.ts';

export type StreamedEvent = { id?: number; type: JobEventType; data: Record<string, unknown> };

/** A job's events for its owner's stream: the stored ones, then new ones as they happen. */
export function createEvents({ db, watch }: Pick<JobsDeps, 'db' | 'watch'>, { ownedRow }: Pick<JobList, 'ownedRow'>) {
  /** A job's events after `afterSeq`, then as they happen (see `openEvents`); the owner was checked. */
  async function* followEvents(jobId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<StreamedEvent> {
    let seq = afterSeq;
    let lastPosition: number | null = null;
    for await (const state of watch.follow(jobId, signal)) {
      if (!state) return;
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
    }
  }

  return {
    /**
     * The owner's job as events (see the contract's `jobEvents`): the stored ones after
     * `afterSeq`, then new ones as they happen, with the queue position while it waits. Ends
     * after the last event of a finished job, or when `signal` aborts. Looks the job up once,
     * before it resolves: 404 for a job that is not the user's, before any stream starts.
     */
    async openEvents(
      userId: string,
      jobId: string,
      afterSeq: number,
      signal: AbortSignal,
    ): Promise<AsyncGenerator<StreamedEvent>> {
      await ownedRow(userId, jobId);
      return followEvents(jobId, afterSeq, signal);
    },
  };
}
