import type { AcceptedImageType, ToolFields, ToolId, ToolProviderName } from '@lumigen/contract/tools';
import type { PngImage } from '../../../lib/image-bytes.ts';

/**
 * An upload that passed validation: the file holding it (in the request's temporary directory,
 * deleted once the answer is made: a provider reads it while `run` lasts, and never keeps the path), its
 * size in bytes, the type it sniffed as, and its pixel size.
 */
export type CheckedImage = { path: string; size: number; type: AcceptedImageType; width: number; height: number };

export type ToolInput = {
  tool: ToolId;
  /** Within the tool's limits (scaled down where the tool asks for it), upright (EXIF applied). */
  image: CheckedImage;
  /** cleanup only: exactly the image's size. */
  mask?: CheckedImage;
  /** The tool's fields, parsed by the contract: numbers for sliders, `prompt` and `mode` text. */
  fields: ToolFields;
  /**
   * A path (not yet a file, in the job's own directory, deleted with it) where a provider may write
   * an answer larger than `heldPngBytes` as it arrives, and answer that file; without it, it holds the answer.
   */
  spillTo?: string;
  /**
   * Told of every call made to an outside service for this input (a provider chain records them
   * on the job with their cost: `attempts.ts`); absent, nobody asked.
   */
  report?: (call: ProviderCall) => void;
  /** Where a provider chain lists every provider it tried for this input, in order (kept on the job). */
  attempts?: ProviderAttempt[];
  /**
   * Hears each partial picture a provider that streams sends before its answer (OpenAI's edits);
   * never the result (docs/decisions/058).
   */
  preview?: (image: Buffer) => Promise<void>;
};

/**
 * One call to a provider's service as the provider saw it: the endpoint, the HTTP status (none when
 * it could not be reached), how long it took, and the usage the provider reported: OpenAI's
 * `usage` tokens, Clipdrop's `x-credits-consumed`, Stability's per-endpoint price in its credits.
 */
export type ProviderCall = { endpoint: string; status: number | undefined; ms: number; usage?: Record<string, number> };

/** The eight editing tools, whoever runs them. Chosen once from configuration (`select-provider.ts`). */
export type ToolProvider = {
  readonly name: ToolProviderName;
  run(input: ToolInput): Promise<PngImage>;
  /** Releases what the provider holds (the local worker pool). */
  close?(): Promise<void>;
};

/**
 * Why a tool failed, in the terms the service answers with:
 * - `rejected_input`: the provider refused this input (the user can try another image): Clipdrop's
 *   400/422, a local tool's `InputRejected`; answered 422 with the reason;
 * - `unavailable`: our key or quota at the provider (logged loudly; the user can only wait);
 * - `rate_limited`: the provider asks us to slow down (`retryAfterSeconds` when it said);
 * - `busy`: this server's own queue of local work is full;
 * - `timeout`: no answer in the time allowed;
 * - `failed`: anything else.
 */
export type ToolFailure = 'rejected_input' | 'unavailable' | 'rate_limited' | 'busy' | 'timeout' | 'failed';

export class ToolProviderError extends Error {
  readonly failure: ToolFailure;
  /** The provider's HTTP status, when there was one: logged, never shown. */
  readonly status: number | undefined;
  /** The provider's own words about a rejected input, short enough to show the user. */
  readonly reason: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    failure: ToolFailure,
    message: string,
    options: { status?: number; reason?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ToolProviderError';
    this.failure = failure;
    this.status = options.status;
    this.reason = options.reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * One call a chain made for a job, as it is kept on the job (decision 050): the provider, its
 * endpoint (`local` for this server's tools), the HTTP status, milliseconds, the outcome (`ok`,
 * `retried` for a call its provider tried again, else the failure), the provider's usage and the
 * estimated cost in US dollars (null: no list price known).
 */
export type ProviderAttempt = {
  provider: ToolProviderName;
  endpoint: string;
  status: number | null;
  ms: number;
  outcome: 'ok' | 'retried' | ToolFailure;
  usage: Record<string, number>;
  costUsd: number | null;
};
