import type { JobAcceptedResponse, JobKind } from '@lumigen/contract/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useCancelJob } from '../api/cancel-job.ts';
import { followJob } from '../api/follow-job.ts';
import { recentJobsQueryKey, useUnfinishedJob } from '../api/get-jobs.ts';
import { applyJobEvent, jobStateOf, type JobState } from '../job-state.ts';

/** How a followed job ended; `recovered` when the page found it on opening rather than submitting it. */
export type JobEnd = { jobId: string; recovered: boolean } & (
  { status: 'succeeded'; imageId: string } | { status: 'failed' | 'canceled'; message: string }
);

/**
 * A page's paid work as a job: `start` follows a job the page just submitted; on opening, the
 * newest unfinished job of `kind` on the server is followed too (a reload, another tab). `job` is
 * the live job while it waits or runs; `onEnd` hears how it ended, once. The balance and the
 * Recent work list are refreshed when a job is accepted and when it ends.
 */
export function useJobRun(kind: JobKind, onEnd: (end: JobEnd) => void) {
  const { token, refreshCredit } = useAuth();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<JobState & { recovered: boolean }>();
  const cancelling = useCancelJob();
  // The person pressed Cancel here: the cancel's own answer says so, not the stream's event too.
  const canceledHere = useRef<string>(undefined);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  const unfinished = useUnfinishedJob(token, kind);
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current || !unfinished.data) return;
    adopted.current = true;
    setJob((current) => current ?? { ...jobStateOf(unfinished.data!), recovered: true });
  }, [unfinished.data]);

  const refresh = () => {
    void refreshCredit();
    void queryClient.invalidateQueries({ queryKey: recentJobsQueryKey });
  };

  const jobId = job?.id;
  const recovered = job?.recovered ?? false;
  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    const end = (result: JobEnd) => {
      controller.abort();
      setJob(undefined);
      refresh();
      if (!(result.status === 'canceled' && canceledHere.current === jobId)) endRef.current(result);
    };
    followJob(
      jobId,
      (event) => {
        if (controller.signal.aborted) return;
        if (event.type === 'succeeded')
          return end({ jobId, recovered, status: 'succeeded', imageId: event.data.imageId });
        if (event.type === 'failed' || event.type === 'canceled')
          return end({ jobId, recovered, status: event.type, message: event.data.message });
        setJob((current) => (current?.id === jobId ? { ...applyJobEvent(current, event), recovered } : current));
      },
      controller.signal,
    ).catch((error: Error) => end({ jobId, recovered, status: 'failed', message: error.message }));
    return () => controller.abort();
    // One stream per job: `recovered` and the callbacks do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [jobId]);

  const start = (accepted: JobAcceptedResponse) => {
    adopted.current = true;
    setJob({
      id: accepted.jobId,
      status: accepted.status,
      position: null,
      progress: 0,
      imageId: null,
      message: null,
      preview: null,
      recovered: false,
    });
    // The credit is reserved as the job is accepted: the balance shows it at once.
    refresh();
  };

  const cancel = () => {
    if (!jobId) return;
    canceledHere.current = jobId;
    cancelling.mutate(jobId, {
      onSuccess: (answer) => {
        setJob(undefined);
        refresh();
        notify.success(answer.message);
      },
      // 409: it finished first; its stream brings the result.
      onError: (error) => {
        canceledHere.current = undefined;
        notify.error(error.message);
      },
    });
  };

  return { job, start, cancel, cancelling: cancelling.isPending };
}
