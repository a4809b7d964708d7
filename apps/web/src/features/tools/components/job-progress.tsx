import { Button } from '../../../components/ui/button.tsx';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { usePreviewUrl } from '../hooks/use-preview-url.ts';
import type { JobState } from '../job-state.ts';
import { queuePlace } from '../job-words.ts';
import './job-progress.css';

/**
 * The canvas while a job waits or runs: its place in the queue, then how far it is, and a way to
 * call it off (the credit comes back). `working` says what is being made ("Painting your image…").
 * Once the job shows a partial picture, it takes the spinner's place, sharper with each one
 * (docs/decisions/058).
 */
export function JobProgress({
  job,
  working,
  onCancel,
  cancelling,
}: {
  job: JobState | undefined;
  working: string;
  onCancel?(): void;
  cancelling: boolean;
}) {
  const waiting = job?.status === 'queued';
  const preview = job?.preview ?? undefined;
  const previewUrl = usePreviewUrl(preview?.imageUrl);
  return (
    <div className={`tool__working job-progress${previewUrl ? ' job-progress--preview' : ''}`}>
      {previewUrl && preview ? (
        <figure className="job-progress__preview" role="status" aria-label={`${working.replace(/…$/, '')}: preview`}>
          <img
            src={previewUrl}
            alt="A preview of your image, still being made"
            className="job-progress__image"
            data-stage={Math.min(preview.n, 3)}
          />
          <figcaption className="job-progress__label">Preview</figcaption>
        </figure>
      ) : (
        <LoadingOrb label={working.replace(/…$/, '')} />
      )}
      {waiting ? (
        <p>
          <strong>{job.position === null ? 'Waiting in line' : queuePlace(job.position)}</strong>
          <br />
          We start on yours as soon as a slot frees up.
        </p>
      ) : (
        <p>{working}</p>
      )}
      {job?.status === 'running' && (
        <div
          className="job-progress__bar"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.progress}
          aria-valuetext={`${job.progress}%`}
        >
          <span style={{ width: `${job.progress}%` }} />
        </div>
      )}
      {job && onCancel && (
        <Button variant="secondary" onClick={onCancel} busy={cancelling}>
          Cancel
        </Button>
      )}
    </div>
  );
}
