import { randomInt } from 'node:crypto';
import type { ValidGenerateImageRequest } from '@lumigen/contract/generation';
import type { GenerationState } from '@lumigen/contract/health';
import { messages } from '@lumigen/contract/messages';
import { creditCosts } from '@lumigen/contract/pricing';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { PaidImages } from '../images/paid-image.ts';
import { GenerationProviderError, type GenerationProvider } from './providers/provider.ts';

export type Generated = { imageId: string; png: Buffer; creditBalance: number };

const failureErrors = {
  content_policy: ['bad_request', messages.contentPolicy],
  timeout: ['provider_failed', messages.providerTimeout],
  misconfigured: ['unavailable', messages.generationUnavailable],
  failed: ['provider_failed', messages.providerFailed],
} as const;

/** Text-to-image as a paid action (see `paid-image.ts`: reserve, paint, store, commit). */
export function createGenerationService({ paidImages, provider }: { paidImages: PaidImages; provider: GenerationProvider }) {
  // A provider that does not serve the configured model cannot be fixed by a retry: until the
  // operator fixes it (and restarts), every generation is refused before anything is charged.
  let state: GenerationState = 'ok';

  function markMisconfigured(log: FastifyBaseLogger, detail: Record<string, unknown>, message: string) {
    if (state !== 'misconfigured') log.error({ provider: provider.name, model: provider.model, ...detail }, message);
    state = 'misconfigured';
  }

  return {
    providerName: provider.name,
    model: provider.model,
    state: (): GenerationState => state,

    /** Asks the provider once whether it serves the configured model (with a key: `GET /v1/models`). */
    async verifyProvider(log: FastifyBaseLogger): Promise<void> {
      if (!provider.verify) return;
      const check = await provider.verify();
      if (check.verdict === 'model_missing') {
        const offered = check.imageModels.length > 0 ? check.imageModels.join(', ') : 'none';
        markMisconfigured(
          log,
          { imageModels: check.imageModels },
          `OPENAI_IMAGE_MODEL=${check.model} is not offered by the image provider; image models it offers: ${offered}. Generation answers 503 until this is fixed.`,
        );
      } else if (check.verdict === 'unknown') {
        log.warn({ provider: provider.name, model: provider.model, reason: check.reason }, 'could not check the image model at start-up; generation stays on');
      }
    },

    async generate(userId: string, request: ValidGenerateImageRequest, log: FastifyBaseLogger): Promise<Generated> {
      if (state === 'misconfigured') throw new AppError('unavailable', messages.generationUnavailable);
      // A fresh seed per call: "Generate Another Image" with the same prompt paints a new picture,
      // and the stored seed reproduces this one.
      const seed = randomInt(2 ** 31);
      const startedAt = performance.now();
      const { image, png, creditBalance } = await paidImages.make({
        userId,
        cost: creditCosts.generation,
        purpose: 'generation',
        log,
        async produce() {
          const result = await provider.generate({ ...request, seed });
          const params = { model: request.model, size: request.size, quality: request.quality, seed, ...(provider.model ? { providerModel: provider.model } : {}) };
          return { kind: 'generation', prompt: request.prompt, params, provider: provider.name, ...result };
        },
        explain(error, refundedBalance) {
          if (!(error instanceof GenerationProviderError)) return undefined;
          // Outcome and sizes only: the prompt is the user's, and stays out of the logs.
          log.warn({ provider: provider.name, failure: error.failure, providerStatus: error.status, promptLength: request.prompt.length }, 'generation failed');
          if (error.failure === 'misconfigured') markMisconfigured(log, {}, `the image provider does not serve OPENAI_IMAGE_MODEL=${provider.model}; generation answers 503 until this is fixed`);
          const [code, message] = failureErrors[error.failure];
          return new AppError(code, message, { cause: error, extra: refundedBalance === undefined ? {} : { creditBalance: refundedBalance } });
        },
      });
      log.info({ imageId: image.id, provider: provider.name, size: request.size, ms: Math.round(performance.now() - startedAt) }, 'image generated');
      return { imageId: image.id, png, creditBalance };
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
