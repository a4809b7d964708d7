import { adminJobStatuses, type AdminJob, type AdminJobStatus } from '@lumigen/contract/admin-reports';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminJobs } from '../api/get-jobs.ts';
import { retryJob } from '../api/retry-job.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { ChangeDialog } from '../components/change-dialog.tsx';
import { ReportError, ReportLoading } from '../components/report-state.tsx';
import { moment } from '../format.ts';
import '../../../components/ui/field.css';
import '../reports.css';

const statusWords: Record<AdminJobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  canceled: 'Canceled',
  stuck: 'Stuck',
};

const usd = (value: number) => `$${value.toFixed(value < 0.01 && value > 0 ? 4 : 2)}`;

/** Jobs, those that need the operator first, each with the calls its providers answered; a failed one can run again. */
export function JobsPage() {
  const [status, setStatus] = useState<AdminJobStatus | undefined>();
  const [retrying, setRetrying] = useState<AdminJob | undefined>();
  const jobs = useAdminJobs(status);
  const filterId = useId();
  const found = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];

  return (
    <AdminSection
      title="Jobs"
      lead="Failed and stuck jobs first, then the rest, newest first, with every provider call."
    >
      <div className="field admin-report__filter">
        <label className="field__label" htmlFor={filterId}>
          Status
        </label>
        <select
          id={filterId}
          className="field__input"
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || undefined) as AdminJobStatus | undefined)}
        >
          <option value="">All</option>
          {adminJobStatuses.map((one) => (
            <option key={one} value={one}>
              {statusWords[one]}
            </option>
          ))}
        </select>
      </div>
      {jobs.isPending ? (
        <ReportLoading what="the jobs" />
      ) : jobs.isError ? (
        <ReportError what="The jobs" error={jobs.error} retry={() => void jobs.refetch()} />
      ) : found.length === 0 ? (
        <p className="admin-report__empty">
          {status ? `No ${statusWords[status].toLowerCase()} jobs.` : 'No jobs yet.'}
        </p>
      ) : (
        <>
          <ul className="admin-jobs">
            {found.map((job) => (
              <JobItem key={job.id} job={job} onRetry={() => setRetrying(job)} />
            ))}
          </ul>
          {jobs.hasNextPage && (
            <Button variant="secondary" busy={jobs.isFetchingNextPage} onClick={() => void jobs.fetchNextPage()}>
              Load more
            </Button>
          )}
        </>
      )}
      {retrying && <RetryDialog job={retrying} onClose={() => setRetrying(undefined)} />}
    </AdminSection>
  );
}

function JobItem({ job, onRetry }: { job: AdminJob; onRetry(): void }) {
  const shown: AdminJobStatus = job.stuck ? 'stuck' : job.status;
  return (
    <li className={`admin-job admin-job--${shown}`}>
      <div className="admin-job__head">
        <span className="admin-job__status">{statusWords[shown]}</span>
        <span className="admin-job__kind">{job.kind}</span>
        <Link to={`/admin/users/${job.userId}`}>{job.userEmail}</Link>
        <span className="admin-report__note">
          {moment(job.createdAt)} · {job.charged ? 'charged' : 'free'} · <code>{job.id}</code>
        </span>
        {job.retryable && (
          <Button variant="secondary" onClick={onRetry}>
            Retry…
          </Button>
        )}
      </div>
      {job.message && (
        <p className="admin-job__error">
          {job.errorCode && <code>{job.errorCode}</code>} {job.message}
        </p>
      )}
      {job.attempts.length > 0 && (
        <div className="admin-table-scroll">
          <table className="data-table admin-table admin-job__attempts">
            <caption className="visually-hidden">Provider calls of this job</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Endpoint</th>
                <th scope="col" className="admin-num">
                  Status
                </th>
                <th scope="col">Outcome</th>
                <th scope="col" className="admin-num">
                  ms
                </th>
                <th scope="col" className="admin-num">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {job.attempts.map((attempt, i) => (
                <tr key={i}>
                  <td>{attempt.provider}</td>
                  <td>
                    <code>{attempt.endpoint}</code>
                  </td>
                  <td className="admin-num">{attempt.status ?? '—'}</td>
                  <td>{attempt.outcome}</td>
                  <td className="admin-num">{attempt.ms}</td>
                  <td className="admin-num">{attempt.costUsd === null ? '—' : usd(attempt.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

function RetryDialog({ job, onClose }: { job: AdminJob; onClose(): void }) {
  const [charge, setCharge] = useState(false);
  const name = useId();
  return (
    <ChangeDialog
      title="Retry this job"
      confirmLabel={charge ? 'Retry and charge' : 'Retry for free'}
      onClose={onClose}
      run={(reason) => retryJob(job.id, { charge, reason })}
    >
      <p>
        A new {job.kind} job with the same settings, for {job.userEmail}.
      </p>
      <fieldset className="admin-retry__choice">
        <legend>Who pays</legend>
        <label>
          <input type="radio" name={name} checked={!charge} onChange={() => setCharge(false)} /> Free: nothing is
          reserved or charged
        </label>
        <label>
          <input type="radio" name={name} checked={charge} onChange={() => setCharge(true)} /> Charged: reserved from
          the customer’s credits, refunded if it fails
        </label>
      </fieldset>
    </ChangeDialog>
  );
}
