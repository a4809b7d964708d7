import type { JobKind, JobsListResponse, JobStatus, JobView } from '@lumigen/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const jobsQueryKey = ['jobs'] as const;
export const recentJobsQueryKey = [...jobsQueryKey, 'recent'] as const;

function listJobs(status: JobStatus | undefined, signal: AbortSignal): Promise<JobsListResponse> {
  return apiGet<JobsListResponse>(`/api/jobs${status ? `?status=${status}` : ''}`, { signal });
}

/** The latest jobs, newest first (the Recent work strip). */
export function useRecentJobs(token: string | null) {
  return useQuery({
    queryKey: [...recentJobsQueryKey, token],
    queryFn: ({ signal }) => listJobs(undefined, signal),
    enabled: token !== null,
  });
}

/**
 * The newest unfinished job of `kind`, found on the server (so after a reload, or from another tab
 * of the same account), or null. Read once when the page opens.
 */
export function useUnfinishedJob(token: string | null, kind: JobKind) {
  return useQuery({
    queryKey: [...jobsQueryKey, 'unfinished', token, kind],
    queryFn: async ({ signal }): Promise<JobView | null> => {
      const [running, queued] = await Promise.all([listJobs('running', signal), listJobs('queued', signal)]);
      const mine = [...running.jobs, ...queued.jobs].filter((job) => job.kind === kind);
      mine.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return mine[0] ?? null;
    },
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
