import { randomInt } from 'node:crypto';
import type { ValidGenerateImageRequest } from '@lumigen/contract/generation';
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
  failed: ['provider_failed', messages.providerFailed],
} as const;

/** Text-to-image as a paid action (see `paid-image.ts`: reserve, paint, store, commit). */
export function createGenerationService({ paidImages, provider }: { paidImages: PaidImages; provider: GenerationProvider }) {
  return {
    providerName: provider.name,

    async generate(userId: string, request: ValidGenerateImageRequest, log: FastifyBaseLogger): Promise<Generated> {
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
          const params = { model: request.model, size: request.size, quality: request.quality, seed };
          return { kind: 'generation', prompt: request.prompt, params, provider: provider.name, ...result };
        },
        explain(error, refundedBalance) {
          if (!(error instanceof GenerationProviderError)) return undefined;
          // Outcome and sizes only: the prompt is the user's, and stays out of the logs.
          log.warn({ provider: provider.name, failure: error.failure, providerStatus: error.status, promptLength: request.prompt.length }, 'generation failed');
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
