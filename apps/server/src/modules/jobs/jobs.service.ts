import { randomUUID } from 'node:crypto';
import { isFinishedJob, jobsPageLimit, type JobEventType, type JobKind, type JobStatus, type JobView } from '@lumigen/contract/jobs';
import { batchMessages } from '@lumigen/contract/batches';
import { messages } from '@lumigen/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, statusByCode, type AppErrorCode } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CreditsService, KeyCharge } from '../credits/credits.service.ts';
import type { AnswerPng } from '../images/image-answer.ts';
import type { ImagesService } from '../images/images.service.ts';
import type { JobMetrics } from '../metrics/metrics.ts';
import type { PaidImages } from '../images/paid-image.ts';
import type { JobEnding, JobSnapshot, JobWatch } from './job-watch.ts';
import { StorageUnavailableError, type ImageStore } from '../images/image-store.ts';
import type { JobKindHandler } from './job-kind.ts';
import type { JobQueue } from './job-queue.ts';
import { paidWorkQueue } from './queue-names.ts';
import type { JobSettlement } from './job-settlement.ts';
import { deleteBatchesOf } from '../batches/batches.repository.ts';
import { deleteRecipesOf } from '../recipes/recipes.repository.ts';
import * as repo from './jobs.repository.ts';

/** A job to accept: its kind, its checked parameters, its input files by role. */
export type NewJob = { kind: JobKind; params: Record<string, unknown>; files?: Record<string, string>; followsPrevious?: boolean };

export type JobLimits = { maxRunningPerUser: number; maxQueuedPerUser: number };

/**
 * What a brief's call answers once its job is over (docs/product.md's shape); the image is its
 * bytes when this process made it and kept them, else the stored object.
 */
export type Finished = { imageId: string; png: AnswerPng; creditBalance: number };

export type StreamedEvent = { id?: number; type: JobEventType; data: Record<string, unknown> };

const iso = (value: Date | string) => new Date(value).toISOString();
// A user at the limit waits for a job to end; a few seconds is the order of one edit.
const busyRetryAfterSeconds = 10;

/**
 * Paid work as jobs (issue 14): acceptance (limits, reservation, queue: one transaction), what
 * the owner can see and do, and the brief's synchronous calls as "accept, then wait".
 */
export function createJobsService({
  db,
  kinds,
  paidImages,
  credits,
  images,
  queue,
  inputs,
  settlement,
  watch,
  limits,
  metrics,
  log,
}: {
  db: Db;
  kinds: Record<JobKind, JobKindHandler>;
  paidImages: PaidImages;
  credits: CreditsService;
  images: ImagesService;
  queue: JobQueue;
  inputs: ImageStore;
  settlement: JobSettlement;
  watch: JobWatch;
  limits: JobLimits;
  metrics: JobMetrics;
  log: FastifyBaseLogger;
}) {
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

  /** A job's events after `afterSeq`, then as they happen (see `openEvents`); the owner was checked. */
  async function* followEvents(jobId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<StreamedEvent> {
    let seq = afterSeq;
    let lastPosition: number | null = null;
    for await (const state of watch.follow(jobId, signal)) {
      if (!state) return;
      if (state.eventSeq > seq) {
        for (const event of await repo.eventsAfter(db, jobId, seq)) {
          seq = event.seq;
          yield { id: event.seq, type: event.type as JobEventType, data: event.data };
        }
      }
      if (isFinishedJob(state.status) && state.eventSeq <= seq) return;
      if (state.status === 'queued' && state.position !== lastPosition) yield { type: 'position', data: { position: state.position } };
      lastPosition = state.position;
    }
  }

  async function ownedRow(userId: string, jobId: string): Promise<repo.JobRow> {
    const row = isUuid(jobId) ? await repo.findOwnedJob(db, jobId, userId) : undefined;
    if (!row) throw new AppError('not_found', messages.notFound);
    return row;
  }

  /**
   * The job once it is over, with its image's bytes when a worker of this process just made it
   * (else the caller reads them from the store); `signal` stops waiting (the caller went away).
   */
  async function waitForEnding(jobId: string, signal?: AbortSignal, known?: JobSnapshot): Promise<JobEnding | undefined> {
    for await (const state of watch.follow(jobId, signal, known)) {
      if (!state || isFinishedJob(state.status)) {
        // Read before the follow ends: the watch keeps an ending only while someone follows.
        const ending = watch.ending(jobId);
        if (ending) return ending;
        break;
      }
    }
    const row = await repo.findJob(db, jobId);
    return row && { row };
  }

  /** The job once it is over; `signal` stops waiting (the caller went away). */
  async function waitForEnd(jobId: string, signal?: AbortSignal): Promise<repo.JobRow | undefined> {
    return (await waitForEnding(jobId, signal))?.row;
  }

  /**
   * Accepts paid work, one job or several at once (a batch; a recipe's steps): at most
   * `maxRunningPerUser + maxQueuedPerUser` unfinished jobs per user (429 beyond, nothing
   * reserved); with `admitAsOne` (a batch) the jobs are admitted when one more job would be,
   * however many they are (docs/decisions/028); then every job's credit is reserved (402 when short:
   * all or nothing), the rows written and, while the user has a free slot, jobs sent to the
   * queue, all in one transaction with whatever `record` writes. A job with `followsPrevious`
   * waits for the job before it and takes its image. `files` (by role) are copied to the job
   * input store first. `apiKey`: the key the work was asked with (its daily cap is checked under
   * the user's lock, and the ledger names it). `reserved`: one reservation per job, made by
   * `reserveQuote` before the uploads were decoded, bound to the jobs instead of new ones.
   */
  async function submitAll(
    userId: string,
    newJobs: NewJob[],
    {
      admitAsOne = false,
      record,
      apiKey,
      reserved,
    }: { admitAsOne?: boolean; record?: (tx: Executor, jobIds: string[]) => Promise<void>; apiKey?: KeyCharge | undefined; reserved?: Array<string | null> } = {},
  ): Promise<{ jobIds: string[]; creditBalance: number }> {
    if (reserved && reserved.length !== newJobs.length) throw new Error('one reservation per job');
    const jobIds = newJobs.map(() => randomUUID());
    const inputKeys = newJobs.map((job, i) => Object.fromEntries(Object.keys(job.files ?? {}).map((role) => [role, `${jobIds[i]}-${role}`])));
    const dropInputs = () => Promise.all(inputKeys.flatMap(Object.values).map((key) => inputs.delete(key).catch(() => undefined)));
    try {
      for (const [i, job] of newJobs.entries()) {
        for (const [role, file] of Object.entries(job.files ?? {})) {
          await inputs.putFile(inputKeys[i]![role]!, file).catch((error: unknown) => {
            // Before anything is reserved: the user is told nothing was taken.
            if (error instanceof StorageUnavailableError) throw new AppError('unavailable', messages.storageUnavailableNothingCharged, { cause: error });
            throw error;
          });
        }
      }
      const accepted = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const { unfinished, dispatched } = await repo.countUnfinished(tx, userId);
        if (unfinished + (admitAsOne ? 1 : newJobs.length) > limits.maxRunningPerUser + limits.maxQueuedPerUser) {
          throw new AppError('rate_limited', messages.job.tooMany(limits.maxRunningPerUser, limits.maxQueuedPerUser), {
            headers: { 'retry-after': String(busyRetryAfterSeconds) },
          });
        }
        if (newJobs.length > 1 && !reserved) {
          // Checked once for the whole batch (the user row is locked): its words say what it costs.
          const cost = newJobs.reduce((sum, job) => sum + kinds[job.kind].cost, 0);
          const creditBalance = await credits.balanceOf(userId, tx);
          if (creditBalance < cost) throw new AppError('insufficient_credit', batchMessages.cannotPay(cost, creditBalance), { extra: { creditBalance } });
        }
        // The balance after the last reservation; with `reserved`, read once at the end.
        let balance: number | undefined;
        let inQueue = dispatched;
        const sent: boolean[] = [];
        for (const [i, job] of newJobs.entries()) {
          let reservationId: string | null | undefined = reserved?.[i];
          if (reservationId === undefined) {
            const reservation = await paidImages.reserve(userId, kinds[job.kind].cost, job.kind, tx, apiKey);
            ({ reservationId, balance } = reservation);
          }
          const dispatch = !job.followsPrevious && inQueue < limits.maxRunningPerUser;
          if (dispatch) inQueue += 1;
          await repo.insertJob(tx, {
            id: jobIds[i]!,
            userId,
            kind: job.kind,
            params: job.params,
            inputKeys: inputKeys[i]!,
            reservationId,
            dispatched: dispatch,
            followsJobId: job.followsPrevious ? jobIds[i - 1] : undefined,
          });
          if (dispatch) await queue.send(jobIds[i]!, userId, tx);
          sent.push(dispatch);
        }
        await record?.(tx, jobIds);
        return { balance: balance ?? (await credits.balanceOf(userId, tx)), sent };
      });
      if (accepted.sent.some(Boolean)) queue.wake();
      for (const [i, job] of newJobs.entries()) {
        metrics.accepted.inc({ kind: job.kind });
        log.info({ jobId: jobIds[i], kind: job.kind, queued: accepted.sent[i] }, 'job accepted');
      }
      return { jobIds, creditBalance: accepted.balance };
    } catch (error) {
      await dropInputs();
      throw error;
    }
  }

  /** One job: see `submitAll`. */
  async function submit(userId: string, kind: JobKind, params: Record<string, unknown>, files: Record<string, string> = {}, apiKey?: KeyCharge) {
    const { jobIds, creditBalance } = await submitAll(userId, [{ kind, params, files }], { apiKey });
    return { jobId: jobIds[0]!, status: 'queued' as JobStatus, creditBalance };
  }

  return {
    submit,
    submitAll,
    waitForEnd,

    /**
     * A batch's whole quote, reserved before any of its pictures is decoded: one reservation per
     * job it would make (`jobKinds`, in order), in one transaction under the user's lock; 402
     * naming the total when the balance falls short, and then nothing is reserved. Each one is
     * then bound to its job (`submitAll`'s `reserved`) or given back (`refundReserved`); one a
     * crash leaves pending goes back with the reservation sweep.
     */
    async reserveQuote(userId: string, jobKinds: JobKind[]): Promise<Array<string | null>> {
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const cost = jobKinds.reduce((sum, kind) => sum + kinds[kind].cost, 0);
        const creditBalance = await credits.balanceOf(userId, tx);
        if (creditBalance < cost) throw new AppError('insufficient_credit', batchMessages.cannotPay(cost, creditBalance), { extra: { creditBalance } });
        // A free job (a local preview) reserves nothing: null.
        const ids: Array<string | null> = [];
        for (const kind of jobKinds) ids.push((await paidImages.reserve(userId, kinds[kind].cost, kind, tx)).reservationId);
        return ids;
      });
    },

    /** Gives back reservations of `reserveQuote` no job took; one already settled is left as it is. */
    async refundReserved(reservationIds: Array<string | null>): Promise<void> {
      for (const id of reservationIds) if (id !== null) await credits.refund(id);
    },

    /**
     * A look at the balance before an upload is read or decoded: a user who cannot pay gets the
     * 402 at once, not after their picture was spilled, decoded and re-encoded. Only a shortcut:
     * `submit`'s reservation still decides (the balance may change in between).
     */
    async assertCanPay(userId: string, cost: number, apiKey?: KeyCharge): Promise<void> {
      const creditBalance = await credits.balanceOf(userId);
      if (creditBalance < cost) throw credits.shortOfCredit(cost, creditBalance);
      if (apiKey) await credits.checkKeyCap(apiKey, cost, db);
    },

    /**
     * How many pictures at `price` each the balance pays for (at least one: 402 otherwise), read
     * before an upload so that it stops as soon as it costs more than that.
     */
    async picturesAffordable(userId: string, price: number): Promise<{ pictures: number; balance: number; price: number }> {
      const balance = await credits.balanceOf(userId);
      if (balance < price) throw credits.shortOfCredit(price, balance);
      // Free work (a local preview at 0 credits) is limited by the batch's own size only.
      return { pictures: price === 0 ? Number.POSITIVE_INFINITY : Math.floor(balance / price), balance, price };
    },

    /** What a job of this kind costs. */
    costOf: (kind: JobKind) => kinds[kind].cost,

    /** Every user's unfinished jobs by status, for the metrics' queue depth. */
    depth: () => repo.countAllUnfinished(db),

    /**
     * The brief's calls wait for the job they submitted and answer as before: the image with the
     * balance after the reservation, or the job's failure with the balance after its refund.
     */
    async outcome(userId: string, { jobId, creditBalance }: { jobId: string; creditBalance: number }): Promise<Finished> {
      // Just accepted here: queued, with no event yet (so its first state need not be read).
      const ending = await waitForEnding(jobId, undefined, { status: 'queued', eventSeq: 0, position: null });
      const row = ending?.row;
      if (!row) throw new Error(`job ${jobId} is gone`);
      // Unfinished: the wait stopped because this process is closing. The job is durable and goes
      // on; no Retry-After, since a retry would be a second, paid job.
      if (!isFinishedJob(row.status)) throw new AppError('unavailable', messages.job.stillRunning, { extra: { jobId } });
      if (row.status === 'succeeded' && row.image_id) {
        if (ending.png) return { imageId: row.image_id, png: ending.png, creditBalance };
        // Made by another process, or too large to hold while the answer waits for its reader.
        const found = await images.openOwned(row.image_id, userId);
        if (!found) throw new Error(`the image of job ${jobId} is gone`);
        return { imageId: row.image_id, png: found, creditBalance };
      }
      const code = row.status === 'canceled' ? 'conflict' : row.error_code;
      // A bug: the error handler answers 500 with the request id; the worker logged the cause.
      if (!code || !(code in statusByCode)) throw new Error(`job ${jobId} failed on our side`);
      throw new AppError(code as AppErrorCode, row.message ?? messages.job.internal, {
        // A 402 names what the job cost beside the balance, as a refusal at submission does.
        extra: { creditBalance: await credits.balanceOf(userId), ...(code === 'insufficient_credit' ? { creditsNeeded: kinds[row.kind as JobKind].cost } : {}) },
        headers: row.retry_after_seconds === null ? {} : { 'retry-after': String(row.retry_after_seconds) },
      });
    },

    async get(userId: string, jobId: string): Promise<JobView> {
      return view(await ownedRow(userId, jobId));
    },

    async list(userId: string, status: JobStatus | undefined, cursor: string | undefined): Promise<{ jobs: JobView[]; nextCursor: string | null }> {
      const found = await repo.listOwnedJobs(db, userId, status, cursor, jobsPageLimit + 1);
      const page = found.slice(0, jobsPageLimit);
      return { jobs: await Promise.all(page.map(view)), nextCursor: found.length > jobsPageLimit ? (page.at(-1)?.id ?? null) : null };
    },

    /** Cancels an unfinished job and refunds it; 404 for a job that is not the user's, 409 when it is over. */
    async cancel(userId: string, jobId: string): Promise<JobView> {
      await ownedRow(userId, jobId);
      const ended = await settlement.endWithoutImage(async (tx) => {
        const row = await repo.markCanceled(tx, jobId, userId, messages.job.canceled);
        if (row?.dispatched_at) await queue.cancel(jobId, tx);
        return row;
      });
      if (!ended) throw new AppError('conflict', messages.job.alreadyFinished);
      log.info({ jobId, kind: ended.kind }, 'job canceled');
      return view(ended);
    },

    /**
     * The owner's job as events (see the contract's `jobEvents`): the stored ones after
     * `afterSeq`, then new ones as they happen, with the queue position while it waits. Ends
     * after the last event of a finished job, or when `signal` aborts. Looks the job up once,
     * before it resolves: 404 for a job that is not the user's, before any stream starts.
     */
    async openEvents(userId: string, jobId: string, afterSeq: number, signal: AbortSignal): Promise<AsyncGenerator<StreamedEvent>> {
      await ownedRow(userId, jobId);
      return followEvents(jobId, afterSeq, signal);
    },

    /**
     * For an account deletion, in its transaction: locks the user, then either says a job of
     * theirs is still unfinished (it would store an image for a deleted account) or deletes their
     * finished jobs (whose parameters hold their prompts), batches and recipes.
     */
    async forgetAllOf(tx: Executor, userId: string): Promise<'unfinished' | 'forgotten'> {
      await repo.lockUser(tx, userId);
      if ((await repo.countUnfinished(tx, userId)).unfinished > 0) return 'unfinished';
      await repo.deleteJobsOf(tx, userId);
      // What grouped and repeated their jobs goes with them: pictures' names, saved settings.
      await deleteBatchesOf(tx, userId);
      await deleteRecipesOf(tx, userId);
      return 'forgotten';
    },

    /**
     * The safety net, run with the reservation sweep: a job whose queue entry is gone while it is
     * unfinished is failed and refunded (never left running), and a user with waiting jobs and a
     * free slot gets them queued (a promotion nobody made).
     */
    async sweep(): Promise<void> {
      for (const jobId of await repo.findOrphanedJobIds(db, paidWorkQueue, 60, 100)) {
        const ended = await settlement.endWithoutImage((tx) => repo.markFailed(tx, jobId, undefined, { errorCode: 'unavailable', message: messages.job.lost }));
        if (ended) log.warn({ jobId, kind: ended.kind }, 'job found without a queue entry; failed and refunded');
      }
      for (const userId of await repo.findUsersWithFreeSlots(db, limits.maxRunningPerUser, 100)) {
        const promoted = await db.transaction((tx) => settlement.promote(tx, userId));
        if (promoted > 0) queue.wake();
      }
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
