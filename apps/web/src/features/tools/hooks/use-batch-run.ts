import { batchMaxPictures } from '@lumigen/contract/batches';
import { toolMessages, type ToolId } from '@lumigen/contract/tools';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../lib/api.ts';
import { batchFinished, useBatch, useSubmitBatch } from '../../../lib/batches.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';

/**
 * Many pictures (not cleanup, whose mask is painted on one): a batch, quoted before it is sent,
 * then followed picture by picture; `pictureCost` is what one picture costs.
 */
export function useBatchRun(tool: ToolId, pictureCost: number) {
  const { refreshCredit } = useAuth();
  const [files, setFilesState] = useState<File[]>([]);
  const [batchId, setBatchId] = useState<string>();
  const [quoting, setQuoting] = useState(false);
  const submission = useSubmitBatch();
  const batch = useBatch(batchId);
  const many = files.length > 1;
  const cost = files.length * pictureCost;
  const done = batchFinished(batch.data);
  useEffect(() => {
    // Failed pictures were refunded: the header's balance follows.
    if (done) void refreshCredit();
  }, [done, refreshCredit]);

  /** Keeps at most a batch's worth of `next`, saying so when some are left out. */
  const choose = (next: File[]) => {
    if (next.length > batchMaxPictures)
      notify.info(`Only the first ${batchMaxPictures} pictures were kept: a batch takes at most ${batchMaxPictures}.`);
    setFilesState(next.slice(0, batchMaxPictures));
  };
  const clear = () => setFilesState([]);
  const reset = () => {
    setBatchId(undefined);
    setFilesState([]);
  };

  const send = (fields: Record<string, string>) =>
    submission.mutate(
      { tool, fields, files },
      {
        onSuccess: (accepted) => {
          setQuoting(false);
          setBatchId(accepted.batchId);
          void refreshCredit();
        },
        onError: (error) => {
          setQuoting(false);
          notify.error(toolMessages.failed((error as ApiError).message));
          void refreshCredit();
        },
      },
    );

  return {
    files,
    batchId,
    batch,
    many,
    cost,
    quoting,
    setQuoting,
    sending: submission.isPending,
    choose,
    clear,
    reset,
    send,
  };
}
