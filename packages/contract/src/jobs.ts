import { toolIds } from './tools.ts';

// The schemas of the job calls and of their events are in job-schemas.ts: zod stays out of the pages
// that need only these names (decision 032).
export type {
  CancelJobResponse,
  JobAcceptedResponse,
  JobEventData,
  JobEventType,
  JobResponse,
  JobsListQuery,
  JobsListResponse,
  JobView,
} from './job-schemas.ts';

/**
 * Paid work as jobs (decision 022): every generation and every edit is a job that a worker takes from
 * the queue. `POST /api/jobs/generate` takes generate-image's JSON body and
 * `POST /api/jobs/tools/:tool` a tool call's multipart body; both answer 202 once the input is
 * judged and the credit reserved. The specification's own calls (`/api/image/generate-image`,
 * `/api/image/tools/:tool`) enqueue the same jobs and wait for them.
 */
export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
/** A job in one of these will not change again. */
export const finishedJobStatuses = ['succeeded', 'failed', 'canceled'] as const satisfies readonly JobStatus[];
export const isFinishedJob = (status: string): boolean => (finishedJobStatuses as readonly string[]).includes(status);

/** `edit`: a picture changed as words say (docs/decisions/057). */
export const jobKinds = ['generation', 'edit', ...toolIds] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobsPageLimit = 20;

/**
 * Partial pictures of a job while it is made (docs/decisions/058): providers are asked for
 * `asked`; at most `most` are kept per job, each at most `longEdge` pixels on its long side.
 */
export const jobPreviewLimits = { asked: 2, most: 3, longEdge: 512 } as const;

/** Where the owner reads a job's `n`th preview. */
export const jobPreviewPath = (jobId: string, n: number): string =>
  `/api/jobs/${encodeURIComponent(jobId)}/previews/${n}`;
