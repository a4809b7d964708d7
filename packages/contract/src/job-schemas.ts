import { z } from 'zod';
import { pagedAnswer } from './fields.ts';
import { jobKinds, jobPreviewLimits, jobStatuses } from './jobs.ts';

export const jobView = z.object({
  id: z.string(),
  kind: z.enum(jobKinds),
  status: z.enum(jobStatuses),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** While queued: 1 is next. Null once running or finished. */
  position: z.number().int().positive().nullable(),
  /** The image a succeeded job made. */
  imageId: z.string().nullable(),
  /** Why a job failed or was canceled, in words for the user (the credit is back by then). */
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

export const jobAcceptedResponse = z.object({
  success: z.literal(true),
  jobId: z.string(),
  status: z.enum(jobStatuses),
});
export type JobAcceptedResponse = z.infer<typeof jobAcceptedResponse>;

export const jobResponse = z.object({ success: z.literal(true), job: jobView });
export type JobResponse = z.infer<typeof jobResponse>;

export const cancelJobResponse = z.object({ success: z.literal(true), message: z.string(), job: jobView });
export type CancelJobResponse = z.infer<typeof cancelJobResponse>;

export const jobsListQuery = z.strictObject({
  status: z.enum(jobStatuses, { error: `Status must be one of ${jobStatuses.join(', ')}` }).optional(),
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, 'Cursor is not valid: use the nextCursor of the previous page')
    .optional(),
});
export type JobsListQuery = z.infer<typeof jobsListQuery>;

/** The user's jobs, newest first; `nextCursor` fetches the older page, null on the last one. */
export const jobsListResponse = pagedAnswer('jobs', jobView);
export type JobsListResponse = z.infer<typeof jobsListResponse>;

/**
 * `GET /api/jobs/:id/events` is a Server-Sent Events stream: each event's `event:` is its type
 * and `data:` one JSON object of the matching schema. Stored events carry an `id:`, so a client
 * that reconnects with `Last-Event-ID` gets only what it missed; `position` updates carry none.
 * The stream ends after `succeeded`, `failed` or `canceled`. A `preview` is a partial picture, never
 * the result (docs/decisions/058).
 */
export const jobEvents = {
  position: z.object({ position: z.number().int().positive() }),
  running: z.object({ attempt: z.number().int().positive() }),
  progress: z.object({ progress: z.number().int().min(0).max(100) }),
  /** A partial picture while it is made: `n` counts from 1; `imageUrl` answers until the job ends. */
  preview: z.object({ n: z.number().int().min(1).max(jobPreviewLimits.most), imageUrl: z.string() }),
  succeeded: z.object({ imageId: z.string() }),
  failed: z.object({ message: z.string() }),
  canceled: z.object({ message: z.string() }),
} as const;
export type JobEventType = keyof typeof jobEvents;
export type JobEventData<T extends JobEventType> = z.infer<(typeof jobEvents)[T]>;
export const jobEventTypes = Object.keys(jobEvents) as JobEventType[];
