import type { JobStatus, JobView } from '@lumigen/contract/jobs';
import type { JobEvent } from './api/follow-job.ts';

/** What a page shows of a job it follows: where it waits, how far it is, how it ended. */
export type JobState = {
  id: string;
  status: JobStatus;
  /** While queued: 1 is next. */
  position: number | null;
  progress: number;
  imageId: string | null;
  message: string | null;
  /** The latest partial picture while it is made (docs/decisions/058); never the result. */
  preview: { n: number; imageUrl: string } | null;
};

export function jobStateOf(
  view: Pick<JobView, 'id' | 'status' | 'position' | 'progress' | 'imageId' | 'message'>,
): JobState {
  return {
    id: view.id,
    status: view.status,
    position: view.position,
    progress: view.progress,
    imageId: view.imageId,
    message: view.message,
    preview: null,
  };
}

/** The job after one of its events. A stream replays from the start, so an event may repeat. */
export function applyJobEvent(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'position':
      return state.status === 'queued' ? { ...state, position: event.data.position } : state;
    case 'running':
      return { ...state, status: 'running', position: null };
    case 'progress':
      return { ...state, status: 'running', position: null, progress: Math.max(state.progress, event.data.progress) };
    case 'preview':
      // A replayed stream repeats earlier previews: the picture only ever gets sharper.
      return state.preview && state.preview.n >= event.data.n ? state : { ...state, preview: event.data };
    case 'succeeded':
      return { ...state, status: 'succeeded', position: null, progress: 100, imageId: event.data.imageId };
    case 'failed':
    case 'canceled':
      return { ...state, status: event.type, position: null, message: event.data.message };
  }
}
