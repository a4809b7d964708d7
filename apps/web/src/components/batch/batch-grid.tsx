import type { BatchItem, BatchView } from '@lumigen/contract/batches';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/session.tsx';
import { useImageUrl } from '../../lib/use-image-url.ts';
import { batchFinished, downloadBatchZip, useCancelBatch } from '../../lib/batches.ts';
import './batch-grid.css';

function useObjectUrl(file: File | undefined) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** What a picture's state reads as, and its tone. */
function statusOf(item: BatchItem | undefined): { text: string; tone: 'idle' | 'busy' | 'done' | 'bad' } {
  if (!item) return { text: 'Ready', tone: 'idle' };
  const step = item.steps > 1 ? ` · step ${item.step} of ${item.steps}` : '';
  switch (item.status) {
    case 'queued':
      return { text: `Waiting${step}`, tone: 'busy' };
    case 'running':
      return { text: `Working… ${item.progress}%${step}`, tone: 'busy' };
    case 'succeeded':
      return { text: 'Done', tone: 'done' };
    case 'refused':
      return { text: `Not used, not charged. ${item.message ?? 'Not a usable picture.'}`, tone: 'bad' };
    case 'canceled':
      return { text: item.message ?? 'Canceled; your credit was refunded.', tone: 'bad' };
    default:
      return { text: `Failed: ${item.message ?? 'something went wrong'}`, tone: 'bad' };
  }
}

function BatchTile({ file, item, name }: { file: File | undefined; item: BatchItem | undefined; name: string }) {
  const original = useObjectUrl(file);
  const result = useImageUrl(item?.status === 'succeeded' ? item.imageId : null);
  const { text, tone } = statusOf(item);
  // A file the browser cannot show (the refused non-picture) gets a plain frame, not a broken image.
  const [broken, setBroken] = useState(false);
  const src = result.data ?? (item?.status === 'refused' || broken ? undefined : original);
  const busy = item?.status === 'queued' || item?.status === 'running';
  return (
    <li className={`batch__tile batch__tile--${tone}`}>
      <div className="batch__frame">
        {src ? (
          <img
            src={src}
            alt={result.data ? `Result: ${name}` : `Original: ${name}`}
            loading="lazy"
            onError={() => setBroken(true)}
          />
        ) : (
          <svg className="batch__placeholder" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
            <path d="M12 6h17l9 9v27H12z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
            <path d="M20 25l10 10M30 25 20 35" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        )}
      </div>
      <p className="batch__name" title={name}>
        {name}
      </p>
      {busy && (
        <div
          className="batch__bar"
          role="progressbar"
          aria-label={`Progress of ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress}
        >
          <span style={{ width: `${Math.max(item.progress, 4)}%` }} />
        </div>
      )}
      <p className="batch__status">{text}</p>
    </li>
  );
}

/** "3 of 12 done · 1 not used · 1 failed, refunded · 2 canceled, refunded": the batch at a glance. */
function summaryOf(items: BatchItem[], count: number): string {
  const of = (status: BatchItem['status']) => items.filter((item) => item.status === status).length;
  const parts = [`${of('succeeded')} of ${count} done`];
  if (of('refused')) parts.push(`${of('refused')} not used`);
  if (of('failed')) parts.push(`${of('failed')} failed, refunded`);
  if (of('canceled')) parts.push(`${of('canceled')} canceled, refunded`);
  return parts.join(' · ');
}

const pictures = (count: number) => `${count} picture${count === 1 ? '' : 's'}`;

/** "Cancel the rest" of a running batch, asked first: the unfinished pictures stop and are refunded. */
function CancelRest({ batch }: { batch: BatchView }) {
  const { refreshCredit } = useAuth();
  const canceling = useCancelBatch();
  const [asking, setAsking] = useState(false);
  const unfinished = batch.items.filter((item) => item.status === 'queued' || item.status === 'running').length;
  const cancel = () =>
    canceling.mutate(batch.id, {
      onError: (error) => notify.error(`The batch could not be canceled: ${error.message}`),
      onSettled: () => {
        setAsking(false);
        void refreshCredit();
      },
    });
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Cancel the rest
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Cancel the ${unfinished === 1 ? 'unfinished picture' : `${unfinished} unfinished pictures`}?`}
          confirmLabel={`Cancel ${pictures(unfinished)}`}
          dismissLabel="Keep them"
          onConfirm={cancel}
          onCancel={() => setAsking(false)}
          busy={canceling.isPending}
        >
          <p>
            They stop where they are and their credits are refunded. The pictures already done stay, and so do their
            results.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * Many pictures at once: each one's original, then its progress, its result or why it failed.
 * Before the batch is sent (`batch` undefined) the chosen pictures wait as "Ready".
 */
export function BatchGrid({
  files,
  batch,
  fileName,
  onAnother,
}: {
  files: File[];
  batch: BatchView | undefined;
  fileName: string;
  onAnother?(): void;
}) {
  const [downloading, setDownloading] = useState(false);
  const items = batch?.items ?? [];
  const count = batch ? items.length : files.length;
  const finished = batchFinished(batch);
  const succeeded = items.filter((item) => item.status === 'succeeded').length;
  const download = async () => {
    if (!batch) return;
    setDownloading(true);
    try {
      await downloadBatchZip(batch.id, fileName);
    } catch (error) {
      notify.error(`The download failed: ${(error as Error).message}`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="batch" role="region" aria-label="Batch">
      <div className="batch__head">
        <p className="batch__summary" aria-live="polite">
          {batch ? summaryOf(items, count) : `${count} pictures ready`}
          {batch && !finished && ' · working…'}
        </p>
        {batch && (
          <div className="batch__actions">
            {!finished && <CancelRest batch={batch} />}
            {finished && onAnother && (
              <Button variant="secondary" onClick={onAnother}>
                Start again
              </Button>
            )}
            <Button onClick={download} busy={downloading} disabled={!finished || succeeded === 0}>
              Download all{succeeded > 0 ? ` (${succeeded})` : ''}
            </Button>
          </div>
        )}
      </div>
      <ul className="batch__grid">
        {Array.from({ length: count }, (_, index) => {
          const item = items[index];
          return (
            <BatchTile
              key={index}
              file={files[index]}
              item={item}
              name={item?.name ?? files[index]?.name ?? `Picture ${index + 1}`}
            />
          );
        })}
      </ul>
    </div>
  );
}
