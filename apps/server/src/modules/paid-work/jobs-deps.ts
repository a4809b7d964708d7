import type { JobKind } from '@lumigen/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { CreditsService } from '../credits/index.ts';
import type { ImagesService, ImageStore } from '../images/index.ts';
import type { JobMetrics } from '../metrics/index.ts';
import type { JobKindHandler } from './job-kind.ts';
import type { JobQueue } from './job-queue.ts';
import type { JobSettlement } from './job-settlement.ts';
import type { JobWatch } from './job-watch.ts';
import type { PaidImages } from './paid-image.ts';

export type JobLimits = { maxRunningPerUser: number; maxQueuedPerUser: number };

/** What every part of the jobs service (accept, wait, list, events, cancel, sweep, forget) is made with. */
export type JobsDeps = {
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
};
