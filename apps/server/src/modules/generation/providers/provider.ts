import type { GenerationProviderName, ImageModel, ImageQuality, ImageSize } from '@lumigen/contract/generation';

export type GenerationInput = {
  /** Trimmed and validated against the model's limit. */
  prompt: string;
  model: ImageModel;
  size: ImageSize;
  quality: ImageQuality;
  /** Makes a local painting reproducible; remote providers ignore it. */
  seed: number;
  /**
   * Hears each partial picture while the result is made (a provider that streams, the local
   * painter's early layers); never the result (docs/decisions/058).
   */
  onPreview?: (image: Buffer) => Promise<void>;
  /** Hears each call made to an outside provider, retries included, for the job's cost record. */
  report?: (call: GenerationCall) => void;
};

/** One call to an outside provider: where, its HTTP status (none: no answer), how long, what it reported using. */
export type GenerationCall = {
  endpoint: string;
  status: number | undefined;
  ms: number;
  usage?: Record<string, number>;
};

export type GeneratedImage = { png: Buffer; width: number; height: number };

/** Text-to-image, whoever paints it. Chosen once from configuration (see `select-provider.ts`). */
export type GenerationProvider = {
  readonly name: GenerationProviderName;
  /** The model it asks for, named in the start-up line; the local painter has none. */
  readonly model?: string;
  generate(input: GenerationInput): Promise<GeneratedImage>;
  /**
   * It retries a 429 or 5xx itself, within its own deadline (OpenAI, decision 004): the job
   * queue then takes its failure as the answer instead of trying again.
   */
  readonly retriesItself?: boolean;
  /** Asks the provider, once at start-up, whether it serves the configured model. */
  verify?(): Promise<ProviderCheck>;
};

/**
 * What a start-up check found: the model is served (perhaps with a shutdown date announced, and the
 * image models served without one), it is not (with the image models that are), or the provider
 * could not be asked (no verdict: generation stays on).
 */
export type ProviderCheck =
  | { verdict: 'ok'; shutdownDate?: string; lasting?: string[] }
  | { verdict: 'model_missing'; model: string; imageModels: string[] }
  | { verdict: 'unknown'; reason: string };

/**
 * Why a provider failed, in the terms the service answers with: a prompt the provider's policy
 * refused (the user can fix it), no answer within the time allowed, a model the provider does
 * not serve (the operator must fix it), or anything else.
 */
export type ProviderFailure = 'content_policy' | 'timeout' | 'misconfigured' | 'failed';

export class GenerationProviderError extends Error {
  readonly failure: ProviderFailure;
  /** The provider's HTTP status, when there was one: logged, never shown. */
  readonly status: number | undefined;

  constructor(failure: ProviderFailure, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'GenerationProviderError';
    this.failure = failure;
    this.status = options.status;
  }
}
