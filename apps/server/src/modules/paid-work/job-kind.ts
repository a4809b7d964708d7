import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from '../../lib/app-error.ts';
import type { NewImage } from '../images/index.ts';
import type { OutputPromise } from './usable-output.ts';

/** What a worker hands the job's kind: its accepted parameters and its inputs as local files. */
export type JobContext = {
  jobId: string;
  attempt: number;
  params: Record<string, unknown>;
  /** Each input (by role: `image`, `mask`) copied from the job input store to a file of this attempt's own. */
  files: Record<string, string>;
  /** The folder of this attempt's files, for any it makes (deleted with them); absent when the job has no inputs. */
  workDir?: string | undefined;
  log: FastifyBaseLogger;
  /** Reports progress (0–100) to whoever watches the job. */
  progress(percent: number): Promise<void>;
  /**
   * Shows the owner a partial picture (any format sharp reads) while the result is made: kept as
   * a small WebP until the job ends, never the result, never charged (docs/decisions/058). It
   * never throws: a preview that cannot be kept is logged and skipped.
   */
  preview(image: Buffer): Promise<void>;
};

/**
 * One kind of paid work (generation, each editing tool), as the job runner needs it: what it
 * costs, how it makes the image, and how its failures are answered. The money rules are the
 * runner's and `paid-image.ts`'s, the same for every kind.
 */
export type JobKindHandler = {
  /**
   * What a job of this kind with these parameters costs now (docs/decisions/056). Read once, when
   * the job is accepted: its reservation holds that amount whatever the price becomes later.
   */
  cost(params: Record<string, unknown>): number;
  produce(context: JobContext): Promise<Omit<NewImage, 'userId'>>;
  /** What the provider's picture must be (its size; unlike the input), checked before it is delivered. */
  promise(context: Pick<JobContext, 'params' | 'files'>): OutputPromise;
  /** Our answer to a provider failure (logged once here); undefined: not the provider's, a bug. */
  explain(error: unknown, log: FastifyBaseLogger): AppError | undefined;
  /** A provider's 429 or 5xx: worth another attempt after a back-off. */
  retryable(error: unknown): boolean;
};

/** Provider 429 and 5xx answers are retried; everything else is the answer. */
export const isRetryableStatus = (status: number | undefined) =>
  status !== undefined && (status === 429 || status >= 500);
