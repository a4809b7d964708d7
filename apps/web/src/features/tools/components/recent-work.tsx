import type { JobView } from '@lumigen/contract/jobs';
import { useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import { useRecentJobs } from '../api/get-jobs.ts';
import { jobKindLabel, jobStatusLabel, jobTime } from '../job-words.ts';
import './recent-work.css';

/** How many of the latest jobs the strip shows: a glance, not a history (that is /profile). */
const shown = 8;

function Thumbnail({ job, label }: { job: JobView; label: string }) {
  const url = useImageUrl(job.status === 'succeeded' ? job.imageId : null);
  if (job.status === 'queued' || job.status === 'running') {
    return (
      <span className="recent__thumb recent__thumb--busy" aria-hidden="true">
        <Spinner size="1.5rem" />
      </span>
    );
  }
  if (job.status !== 'succeeded' || !job.imageId) {
    return (
      <span className="recent__thumb recent__thumb--ended" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8.5 8.5l7 7m0-7l-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
    );
  }
  return (
    // /profile opens the image full size by address (decision 020).
    <Link
      className="recent__thumb"
      to={`/profile?view=${encodeURIComponent(job.imageId)}`}
      aria-label={`Open full size: ${label}`}
    >
      {url.data ? <img src={url.data} alt="" loading="lazy" /> : null}
    </Link>
  );
}

function Item({ job }: { job: JobView }) {
  const kind = jobKindLabel(job.kind);
  const status = jobStatusLabel(job.status);
  const when = jobTime(job.createdAt);
  return (
    <li className="recent__item">
      <Thumbnail job={job} label={`${kind}, ${when}`} />
      <p className="recent__caption">
        <span className="recent__kind">{kind}</span>
        <span className={`recent__status recent__status--${job.status}`}>{status}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={job.createdAt}>{when}</time>
      </p>
      {job.status === 'failed' && job.message && <p className="recent__message">{job.message}</p>}
    </li>
  );
}

/** The account's latest jobs under a tool: what each was, how it went, and the picture it made. */
export function RecentWork() {
  const { token } = useAuth();
  const jobs = useRecentJobs(token);
  const headingId = useId();
  if (!token) return null;
  let content;
  if (jobs.isPending)
    content = (
      <p className="recent__note" role="status">
        Loading your recent work…
      </p>
    );
  else if (jobs.isError)
    content = (
      <p className="recent__note" role="alert">
        Your recent work could not be loaded: {jobs.error.message}
      </p>
    );
  else if (jobs.data.jobs.length === 0)
    content = (
      <p className="recent__note">Nothing here yet. What you make on these pages shows up here, newest first.</p>
    );
  else {
    content = (
      // Focusable, so the row can be scrolled with the keyboard on a narrow screen.
      <ul className="recent__list" tabIndex={0} aria-labelledby={headingId}>
        {jobs.data.jobs.slice(0, shown).map((job) => (
          <Item key={job.id} job={job} />
        ))}
      </ul>
    );
  }
  return (
    <section className="recent container" aria-labelledby={headingId}>
      <div className="recent__head">
        <h2 id={headingId}>Recent work</h2>
        <Link to="/profile">All your images</Link>
      </div>
      {content}
    </section>
  );
}
