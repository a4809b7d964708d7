import { toolMessages, type ToolId } from '@lumigen/contract/tools';
import { useRef, useState, type RefObject } from 'react';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useSubmitTool } from '../api/submit-tool.ts';
import { scrollToResult } from '../components/tool-layout.tsx';
import type { Placement } from '../utils/placement.ts';
import { useJobRun, type JobEnd } from './use-job-run.ts';

/**
 * A finished edit; `recovered` when it was picked up after a reload, so the original is not here.
 * `placement`: where the original lies in the result's frame (uncrop, upscale); `note`: what
 * happened to the picture before it was sent.
 */
export type EditOutcome = {
  imageId: string;
  recovered: boolean;
  placement?: Placement;
  note?: string;
  lowQuality?: boolean;
};

/**
 * What was sent with the running job, for the result's comparison and note; `lowQuality` when a
 * preview's fill makes up more than `lowQualityFillShare` of the result.
 */
type Sent = { placement?: Placement; note?: string; lowQuality?: boolean };

/** One picture edited as a job: sent, followed while it runs, then its result; `onShort` hears the balance a 402 reports. */
export function useSingleEdit(tool: ToolId, canvas: RefObject<HTMLElement | null>, onShort: (balance: number) => void) {
  const { credit, refreshCredit } = useAuth();
  const submission = useSubmitTool(tool);
  const sent = useRef<Sent>({});
  const [result, setResult] = useState<EditOutcome>();
  const ended = (end: JobEnd) => {
    if (end.status === 'succeeded') {
      setResult({ imageId: end.imageId, recovered: end.recovered, ...(end.recovered ? {} : sent.current) });
      // On a phone the result is below the settings: bring it into view.
      scrollToResult(canvas.current);
    } else if (end.status === 'failed') notify.error(toolMessages.failed(end.message));
    else notify.info(end.message);
  };
  const run = useJobRun(tool, ended);
  const busy = submission.isPending || run.job !== undefined;

  /** Sends the fields (built as the job is sent); `withResult` is kept for the result, and may still change while the fields are built. */
  const send = (fields: () => Promise<Record<string, string | Blob>>, withResult: Sent) => {
    sent.current = withResult;
    submission.mutate(fields, {
      onSuccess: run.start,
      onError: (error) => {
        const failure = error as ApiError;
        if (failure.status === 402) onShort(failure.creditBalance ?? credit ?? 0);
        // A refusal (4xx) says what to change in its own words; only a failed run is an edit that failed.
        else notify.error(failure.status >= 500 ? toolMessages.failed(failure.message) : failure.message);
        void refreshCredit();
      },
    });
  };

  return { result, clearResult: () => setResult(undefined), run, busy, send };
}
