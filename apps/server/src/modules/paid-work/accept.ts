import { randomUUID } from 'node:crypto';
import { batchMessages } from '@lumigen/contract/batches';
import type { JobKind, JobStatus } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockUser } from '../accounts/index.ts';
import type { KeyCharge } from '../credits/index.ts';
import { StorageUnavailableError } from '../images/index.ts';
import type { JobsDeps } from './jobs-deps.ts';
import * as repo from './jobs.repository.ts';

/** A job to accept: its kind, its checked parameters, its input files by role. */
export type NewJob = {
  kind: JobKind;
  params: Record<string, unknown>;
  files?: Record<string, string>;
  followsPrevious?: boolean;
};

// A user at the limit waits for a job to end; a few seconds is the order of one edit.
const busyRetryAfterSeconds = 10;

/** Accepting paid work: limits, reservation and queue in one transaction, and the looks at the balance before an upload. */
export function createAccept({ db, kinds, paidImages, credits, queue, inputs, limits, metrics, log }: JobsDeps) {
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
   * Answers each job's price as read here (`costs`): what a reservation made here holds.
   */
  async function submitAll(
    userId: string,
    newJobs: NewJob[],
    {
      admitAsOne = false,
      record,
      apiKey,
      reserved,
    }: {
      admitAsOne?: boolean;
      record?: (tx: Executor, jobIds: string[]) => Promise<void>;
      apiKey?: KeyCharge | undefined;
      reserved?: Array<string | null>;
    } = {},
  ): Promise<{ jobIds: string[]; creditBalance: number; costs: number[] }> {
    if (reserved && reserved.length !== newJobs.length) throw new Error('one reservation per job');
    const jobIds = newJobs.map(() => randomUUID());
    const inputKeys = newJobs.map((job, i) =>
      Object.fromEntries(Object.keys(job.files ?? {}).map((role) => [role, `${jobIds[i]}-${role}`])),
    );
    const dropInputs = () =>
      Promise.all(inputKeys.flatMap(Object.values).map((key) => inputs.delete(key).catch(() => undefined)));
    try {
      for (const [i, job] of newJobs.entries()) {
        for (const [role, file] of Object.entries(job.files ?? {})) {
          await inputs.putFile(inputKeys[i]![role]!, file).catch((error: unknown) => {
            // Before anything is reserved: the user is told nothing was taken.
            if (error instanceof StorageUnavailableError)
              throw new AppError('unavailable', messages.storageUnavailableNothingCharged, { cause: error });
            throw error;
          });
        }
      }
      const accepted = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const { unfinished, dispatched } = await repo.countUnfinished(tx, userId);
        if (unfinished + (admitAsOne ? 1 : newJobs.length) > limits.maxRunningPerUser + limits.maxQueuedPerUser) {
          throw new AppError('rate_limited', messages.job.tooMany(limits.maxRunningPerUser, limits.maxQueuedPerUser), {
            headers: { 'retry-after': String(busyRetryAfterSeconds) },
          });
        }
        if (newJobs.length > 1 && !reserved) {
          // Checked once for the whole batch (the user row is locked): its words say what it costs.
          const cost = newJobs.reduce((sum, job) => sum + kinds[job.kind].cost(job.params), 0);
          const creditBalance = await credits.balanceOf(userId, tx);
          if (creditBalance < cost)
            throw new AppError('insufficient_credit', batchMessages.cannotPay(cost, creditBalance), {
              extra: { creditBalance },
            });
        }
        // Each job's price, read once: the check above and the reservation below agree.
        const prices = newJobs.map((job) => kinds[job.kind].cost(job.params));
        // The balance after the last reservation; with `reserved`, read once at the end.
        let balance: number | undefined;
        let inQueue = dispatched;
        const sent: boolean[] = [];
        for (const [i, job] of newJobs.entries()) {
          let reservationId: string | null | undefined = reserved?.[i];
          if (reservationId === undefined) {
            const reservation = await paidImages.reserve(userId, prices[i]!, job.kind, tx, apiKey);
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
        return { balance: balance ?? (await credits.balanceOf(userId, tx)), sent, prices };
      });
      if (accepted.sent.some(Boolean)) queue.wake();
      for (const [i, job] of newJobs.entries()) {
        metrics.accepted.inc({ kind: job.kind });
        log.info({ jobId: jobIds[i], kind: job.kind, queued: accepted.sent[i] }, 'job accepted');
      }
      return { jobIds, creditBalance: accepted.balance, costs: accepted.prices };
    } catch (error) {
      await dropInputs();
      throw error;
    }
  }

  /** One job: see `submitAll`. */
  async function submit(
    userId: string,
    kind: JobKind,
    params: Record<string, unknown>,
    files: Record<string, string> = {},
    apiKey?: KeyCharge,
  ) {
    const { jobIds, creditBalance, costs } = await submitAll(userId, [{ kind, params, files }], { apiKey });
    // `cost`: what its reservation holds, which a price changed later does not reach.
    return { jobId: jobIds[0]!, status: 'queued' as JobStatus, creditBalance, cost: costs[0]! };
  }

  return {
    submit,
    submitAll,

    /**
     * A batch's whole quote, reserved before any of its pictures is decoded: one reservation per
     * job it would make (`jobKinds`, in order), in one transaction under the user's lock; 402
     * naming the total when the balance falls short, and then nothing is reserved. Each one is
     * then bound to its job (`submitAll`'s `reserved`) or given back (`refundReserved`); one a
     * crash leaves pending goes back with the reservation sweep.
     */
    async reserveQuote(userId: string, jobKinds: JobKind[]): Promise<Array<string | null>> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // Each price read once: the total checked is the total reserved, whatever changes meanwhile.
        const prices = jobKinds.map((kind) => kinds[kind].cost({}));
        const cost = prices.reduce((sum, each) => sum + each, 0);
        const creditBalance = await credits.balanceOf(userId, tx);
        if (creditBalance < cost)
          throw new AppError('insufficient_credit', batchMessages.cannotPay(cost, creditBalance), {
            extra: { creditBalance },
          });
        // A free job (a local preview) reserves nothing: null.
        const ids: Array<string | null> = [];
        for (const [i, kind] of jobKinds.entries())
          ids.push((await paidImages.reserve(userId, prices[i]!, kind, tx)).reservationId);
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
    async picturesAffordable(
      userId: string,
      price: number,
    ): Promise<{ pictures: number; balance: number; price: number }> {
      const balance = await credits.balanceOf(userId);
      if (balance < price) throw credits.shortOfCredit(price, balance);
      // Free work (a local preview at 0 credits) is limited by the batch's own size only.
      return { pictures: price === 0 ? Number.POSITIVE_INFINITY : Math.floor(balance / price), balance, price };
    },

    /** What a job of this kind costs now (a generation at standard quality, or as `params` ask). */
    costOf: (kind: JobKind, params: Record<string, unknown> = {}) => kinds[kind].cost(params),
  };
}
