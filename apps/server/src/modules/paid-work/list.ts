import { jobsPageLimit, type JobKind, type JobStatus, type JobView } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { JobsDeps } from './jobs-deps.ts';
import * as repo from './jobs.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** What the owner sees of their jobs: one job (404 when it is not theirs) and the list, newest first. */
export function createList({ db }: Pick<JobsDeps, 'db'>) {
  async function view(row: repo.JobRow): Promise<JobView> {
    return {
      id: row.id,
      kind: row.kind as JobKind,
      status: row.status,
      progress: row.progress,
      position: row.status === 'queued' ? ((await repo.snapshotsOf(db, [row.id])).get(row.id)?.position ?? null) : null,
      imageId: row.image_id,
      message: row.message,
      createdAt: iso(row.created_at),
      finishedAt: row.finished_at ? iso(row.finished_at) : null,
    };
  }

  async function ownedRow(userId: string, jobId: string): Promise<repo.JobRow> {
    const row = isUuid(jobId) ? await repo.findOwnedJob(db, jobId, userId) : undefined;
    if (!row) throw new AppError('not_found', messages.notFound);
    return row;
  }

  return {
    view,
    ownedRow,

    async get(userId: string, jobId: string): Promise<JobView> {
      return view(await ownedRow(userId, jobId));
    },

    /** A preview of the user's running job as WebP; 404 for another's job, or once the job has ended. */
    async preview(userId: string, jobId: string, n: number): Promise<Buffer> {
      const webp = isUuid(jobId) ? await repo.findOwnedPreview(db, jobId, userId, n) : undefined;
      if (!webp) throw new AppError('not_found', messages.notFound);
      return webp;
    },

    async list(
      userId: string,
      status: JobStatus | undefined,
      cursor: string | undefined,
    ): Promise<{ jobs: JobView[]; nextCursor: string | null }> {
      const found = await repo.listOwnedJobs(db, userId, status, cursor, jobsPageLimit + 1);
      const page = found.slice(0, jobsPageLimit);
      return {
        jobs: await Promise.all(page.map(view)),
        nextCursor: found.length > jobsPageLimit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type JobList = ReturnType<typeof createList>;
