import type { GenerationProviderName, ImageModel, ImageQuality, ImageSize } from '@lumigen/contract/generation';

export type GenerationInput = {
  /** Trimmed and validated against the model's limit. */
  prompt: string;
  model: ImageModel;
  size: ImageSize;
  quality: ImageQuality;
  /** Makes a local painting reproducible; remote providers ignore it. */
  seed: number;
};

export type GeneratedImage = { png: Buffer; width: number; height: number };

/** Text-to-image, whoever paints it. Chosen once from configuration (see `select-provider.ts`). */
export type GenerationProvider = {
  readonly name: GenerationProviderName;
  generate(input: GenerationInput): Promise<GeneratedImage>;
};

/**
 * Why a provider failed, in the terms the service answers with: a prompt the provider's policy
 * refused (the user can fix it), no answer within the time allowed, or anything else.
 */
export type ProviderFailure = 'content_policy' | 'timeout' | 'failed';

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
