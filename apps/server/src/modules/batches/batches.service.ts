import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { batchMessages, type BatchItem, type BatchToolId, type BatchView } from '@lumigen/contract/batches';
import { isFinishedJob } from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import { recipeMessages } from '@lumigen/contract/recipes';
import type { ToolFields } from '@lumigen/contract/tools';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { appendImagesInTurn, newZipArchive } from '../../lib/zip-entry.ts';
import type { ImagesService } from '../images/index.ts';
import type { JobsService, NewJob } from '../paid-work/index.ts';
import { fieldsAsSent, type ToolsService } from '../tools/index.ts';
import type { BatchUpload } from './batch-upload.ts';
import * as repo from './batches.repository.ts';

/** What each picture goes through: one tool, or a recipe's steps in order. */
export type BatchPlan = {
  tool: BatchToolId | null;
  recipeId: string | null;
  steps: Array<{ tool: BatchToolId; fields: ToolFields }>;
};

/** One picture's state, from its jobs in step order: the first that has not succeeded is where it stands. */
function itemOf(row: repo.BatchItemRow, jobsById: Map<string, repo.BatchJobRow>): BatchItem {
  const steps = row.jobIds.length;
  if (steps === 0)
    return {
      name: row.name,
      status: 'refused',
      jobId: null,
      imageId: null,
      message: row.message,
      progress: 0,
      step: 0,
      steps: 0,
    };
  const chain = row.jobIds.map((id) => jobsById.get(id));
  const at = chain.findIndex((job) => job?.status !== 'succeeded');
  if (at === -1) {
    const last = chain[steps - 1]!;
    return {
      name: row.name,
      status: 'succeeded',
      jobId: last.id,
      imageId: last.imageId,
      message: null,
      progress: 100,
      step: steps,
      steps,
    };
  }
  const job = chain[at];
  const status = !job ? 'failed' : job.status === 'queued' && at > 0 ? 'running' : job.status;
  const reason = job?.message ?? messages.job.lost;
  const message =
    status === 'failed' || status === 'canceled'
      ? steps > 1
        ? recipeMessages.stepFailed(at + 1, steps, reason)
        : reason
      : null;
  const progress = Math.round((at * 100 + (job?.progress ?? 0)) / steps);
  return { name: row.name, status, jobId: row.jobIds[at]!, imageId: null, message, progress, step: at + 1, steps };
}

/**
 * Batches (decision 028): many pictures through one tool or one recipe. Each picture is judged as a
 * single upload is; a refused one is recorded with its reason and never charged, and the accepted
 * ones become jobs (a recipe's: one per step, each following the one before), all reserved at
 * once in the transaction that records the batch.
 */
export function createBatchesService({
  db,
  jobs,
  tools,
  images,
  log,
}: {
  db: Db;
  jobs: JobsService;
  tools: ToolsService;
  images: ImagesService;
  log: FastifyBaseLogger;
}) {
  async function ownedBatch(userId: string, batchId: string): Promise<repo.BatchRow> {
    const batch = isUuid(batchId) ? await repo.findOwnedBatch(db, batchId, userId) : undefined;
    if (!batch) throw new AppError('not_found', messages.notFound);
    return batch;
  }

  async function itemsOf(batchId: string): Promise<BatchItem[]> {
    const rows = await repo.listItems(db, batchId);
    const found = await repo.findJobs(
      db,
      rows.flatMap((row) => row.jobIds),
    );
    const jobsById = new Map(found.map((job) => [job.id, job]));
    return rows.map((row) => itemOf(row, jobsById));
  }

  async function viewOf(batch: repo.BatchRow): Promise<BatchView> {
    return {
      id: batch.id,
      tool: batch.tool as BatchView['tool'],
      recipeId: batch.recipeId,
      createdAt: batch.createdAt.toISOString(),
      items: await itemsOf(batch.id),
    };
  }

  return {
    /**
     * Judges every picture against the plan's first tool, then accepts the usable ones as jobs,
     * all or nothing (429 when the user is at their jobs limit, 402 when the balance does not
     * cover every accepted picture). When no picture is usable, the first refusal's 4xx.
     */
    async accept(userId: string, plan: BatchPlan, upload: BatchUpload): Promise<string> {
      const [first, ...later] = plan.steps;
      if (!first) throw new Error('a batch plan needs a step');
      // The whole quote is reserved before a picture is decoded: decoding is the costly part, and
      // a balance spent meanwhile gets its 402 before it (docs/architecture.md, the batches API).
      const jobKinds = plan.steps.map((step) => step.tool);
      const reserved = await jobs.reserveQuote(
        userId,
        upload.pictures.filter((picture) => !picture.refusal).flatMap(() => jobKinds),
      );
      const items: Array<{ name: string; message: string | null; jobs: NewJob[]; reserved: Array<string | null> }> = [];
      let firstRefusal: AppError | undefined;
      try {
        let next = 0;
        for (const picture of upload.pictures) {
          const own = picture.refusal ? [] : reserved.slice(next, (next += jobKinds.length));
          try {
            if (picture.refusal) throw picture.refusal;
            const { params, files } = await tools.check(first.tool, {
              image: picture.file,
              fields: fieldsAsSent(first.fields),
              dispose: async () => undefined,
            });
            const steps: NewJob[] = [
              { kind: first.tool, params, files },
              ...later.map((step): NewJob => ({
                kind: step.tool,
                params: { fields: step.fields },
                followsPrevious: true,
              })),
            ];
            items.push({ name: picture.name, message: null, jobs: steps, reserved: own });
          } catch (error) {
            // Only the picture's own fault (a 4xx) is a refusal; anything else is the request's.
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            firstRefusal ??= error;
            items.push({ name: picture.name, message: error.message, jobs: [], reserved: [] });
            // A refused picture is never charged: its share of the quote goes back at once.
            await jobs.refundReserved(own);
          }
        }
        if (firstRefusal && items.every((item) => item.jobs.length === 0)) {
          throw new AppError(firstRefusal.code, batchMessages.noneAccepted(items.length, firstRefusal.message));
        }
      } catch (error) {
        await jobs.refundReserved(reserved);
        throw error;
      }
      const batchId = randomUUID();
      try {
        await jobs.submitAll(
          userId,
          items.flatMap((item) => item.jobs),
          {
            admitAsOne: true,
            reserved: items.flatMap((item) => item.reserved),
            async record(tx, jobIds) {
              let next = 0;
              const recorded = items.map(({ name, message, jobs: itemJobs }) => {
                const ids = jobIds.slice(next, next + itemJobs.length);
                next += itemJobs.length;
                return { name, message, jobIds: ids };
              });
              await repo.insertBatch(tx, { id: batchId, userId, tool: plan.tool, recipeId: plan.recipeId }, recorded);
            },
          },
        );
      } catch (error) {
        // Nothing was accepted (too many unfinished jobs, the store down): the quote goes back.
        await jobs.refundReserved(reserved);
        throw error;
      }
      log.info(
        {
          batchId,
          pictures: items.length,
          accepted: items.filter((item) => item.jobs.length > 0).length,
          steps: plan.steps.length,
        },
        'batch accepted',
      );
      return batchId;
    },

    async get(userId: string, batchId: string): Promise<BatchView> {
      return viewOf(await ownedBatch(userId, batchId));
    },

    /**
     * Cancels every picture still waiting or working, each through the jobs' own cancel (which
     * refunds it, and a recipe's later steps with it); finished pictures stay as they are. 409
     * when none was left to cancel.
     */
    async cancel(userId: string, batchId: string): Promise<BatchView> {
      const batch = await ownedBatch(userId, batchId);
      const rows = await repo.listItems(db, batch.id);
      const unfinished = new Set(
        (
          await repo.findJobs(
            db,
            rows.flatMap((row) => row.jobIds),
          )
        )
          .filter((job) => !isFinishedJob(job.status))
          .map((job) => job.id),
      );
      let canceled = 0;
      // Last picture first: the waiting ones go before the running ones, so no cancel hands its
      // freed slot in the queue to a picture of this batch that is about to be canceled too.
      for (const row of rows.toReversed()) {
        for (const jobId of row.jobIds.filter((id) => unfinished.has(id))) {
          try {
            await jobs.cancel(userId, jobId);
            canceled += 1;
            // Its later steps were ended with it.
            break;
          } catch (error) {
            // It finished meanwhile: the picture's next step may be the one working now.
            if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
          }
        }
      }
      if (canceled === 0) throw new AppError('conflict', batchMessages.nothingToCancel);
      log.info({ batchId, canceled }, 'batch canceled');
      return viewOf(batch);
    },

    /** The succeeded pictures' results as a ZIP (`<n>-<name>.png`, numbered as sent), streamed one image at a time. */
    async zip(userId: string, batchId: string): Promise<Readable> {
      const batch = await ownedBatch(userId, batchId);
      const done = (await itemsOf(batch.id))
        .map((item, index) => ({ item, index }))
        .filter(({ item }) => item.status === 'succeeded' && item.imageId);
      const archive = await newZipArchive();
      appendImagesInTurn(
        archive,
        done.map(({ item, index }) => ({
          name: `${index + 1}-${item.name.replace(/\.[^.]*$/, '')}.png`,
          open: () => images.openOwned(item.imageId!, userId),
        })),
        // Deleted by its owner since: the ZIP holds the others.
        ({ name }) => log.warn({ batchId, file: name }, 'batch zip: image gone'),
      );
      return archive;
    },
  };
}

export type BatchesService = ReturnType<typeof createBatchesService>;
