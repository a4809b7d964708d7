import { finishedJobStatuses, type JobEventData, type JobEventType, type JobResponse } from '@lumigen/contract/jobs';
import { createParser } from 'eventsource-parser';
import { apiGet, apiGetEvents, ApiError } from '../../../lib/api.ts';

/** One event of a job's stream, its data checked against the contract. */
export type JobEvent = { [T in JobEventType]: { type: T; data: JobEventData<T> } }[JobEventType];

const finalTypes: ReadonlySet<string> = new Set(finishedJobStatuses);
const reconnectMs = 2000;

type EventSchemas = typeof import('@lumigen/contract/job-schemas').jobEvents;

/**
 * The events' schemas, and zod with them, load with the first job followed rather than with the
 * page: building them at start-up was a long task on every tool page (decision 032).
 */
const loadEventSchemas = () => import('@lumigen/contract/job-schemas').then((module) => module.jobEvents);

function parseEvent(jobEvents: EventSchemas, type: string | undefined, data: string): JobEvent | undefined {
  if (!type || !(type in jobEvents)) return undefined;
  const schema = jobEvents[type as JobEventType];
  const parsed = schema.safeParse(JSON.parse(data));
  return parsed.success ? ({ type, data: parsed.data } as JobEvent) : undefined;
}

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Reads one stream of the job's events until it ends, keeping the id of the last stored event in
 * `cursor` (also when the connection fails midway); says whether a final event came.
 */
async function readStream(
  jobId: string,
  cursor: { lastEventId?: string },
  onEvent: (event: JobEvent) => void,
  signal: AbortSignal,
): Promise<boolean> {
  const [jobEvents, response] = await Promise.all([
    loadEventSchemas(),
    apiGetEvents(`/api/jobs/${encodeURIComponent(jobId)}/events`, { lastEventId: cursor.lastEventId, signal }),
  ]);
  let finished = false;
  const parser = createParser({
    onEvent: ({ id, event, data }) => {
      if (id) cursor.lastEventId = id;
      const parsed = parseEvent(jobEvents, event, data);
      if (!parsed) return;
      if (finalTypes.has(parsed.type)) finished = true;
      onEvent(parsed);
    },
  });
  const reader = response.body?.getReader();
  if (!reader) return finished;
  const decoder = new TextDecoder();
  // Leaving the page stops reading at once, whatever the connection does.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (finished) break;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    reader.releaseLock();
  }
  return finished;
}

/**
 * Follows a job to its end through `GET /api/jobs/:id/events`, calling `onEvent` for each event.
 * A dropped connection resumes from the last stored event (`Last-Event-ID`); a stream that ended
 * without a final event is settled by reading the job itself. Resolves once the job has finished
 * or `signal` aborts; rejects with the ApiError of a 4xx (the job is not this user's, or gone).
 */
export async function followJob(jobId: string, onEvent: (event: JobEvent) => void, signal: AbortSignal): Promise<void> {
  const cursor: { lastEventId?: string } = {};
  while (!signal.aborted) {
    try {
      if (await readStream(jobId, cursor, onEvent, signal)) return;
      // The stream ended without the job's end: the job may have finished between two reads.
      const { job } = await apiGet<JobResponse>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal });
      if (job.status === 'succeeded' && job.imageId)
        return onEvent({ type: 'succeeded', data: { imageId: job.imageId } });
      if (job.status === 'failed' || job.status === 'canceled')
        return onEvent({ type: job.status, data: { message: job.message ?? '' } });
    } catch (error) {
      if (signal.aborted) return;
      // A refusal will not change by asking again; a network failure or a 5xx may.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    }
    await wait(reconnectMs, signal);
  }
}
