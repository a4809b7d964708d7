import { randomInt } from 'node:crypto';
import type { ValidGenerateImageRequest } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import { creditCosts } from '@lumigen/contract/pricing';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { ImageRow } from '../images/images.repository.ts';
import type { ImagesService } from '../images/images.service.ts';
import { GenerationProviderError, type GenerationProvider } from './providers/provider.ts';

export type Generated = { imageId: string; png: Buffer; creditBalance: number };

const failureErrors = {
  content_policy: ['bad_request', messages.contentPolicy],
  timeout: ['provider_failed', messages.providerTimeout],
  failed: ['provider_failed', messages.providerFailed],
} as const;

/**
 * Text-to-image as a paid action (DESIGN.md §2): the credit is reserved before the provider is
 * called, committed once the image is stored, and refunded on any failure on the way.
 */
export function createGenerationService({ credits, images, provider }: { credits: CreditsService; images: ImagesService; provider: GenerationProvider }) {
  const cost = creditCosts.generation;

  /** A refund that cannot happen now (database gone) is left to the sweep, never lost. */
  async function refundQuietly(reservationId: string, log: FastifyBaseLogger): Promise<number | undefined> {
    try {
      return (await credits.refund(reservationId)) ?? undefined;
    } catch (error) {
      log.error({ err: error, reservationId }, 'refund failed; the sweep will return the credit');
      return undefined;
    }
  }

  return {
    providerName: provider.name,

    async generate(userId: string, request: ValidGenerateImageRequest, log: FastifyBaseLogger): Promise<Generated> {
      const { reservationId, balance } = await credits.reserve(userId, cost, 'generation');
      // A fresh seed per call: "Generate Another Image" with the same prompt paints a new picture,
      // and the stored seed reproduces this one.
      const seed = randomInt(2 ** 31);
      const startedAt = performance.now();
      let image: ImageRow | undefined;
      let png: Buffer;
      let committed: boolean;
      try {
        const result = await provider.generate({ ...request, seed });
        png = result.png;
        image = await images.save({
          userId,
          kind: 'generation',
          prompt: request.prompt,
          params: { model: request.model, size: request.size, quality: request.quality, seed },
          provider: provider.name,
          png,
          width: result.width,
          height: result.height,
        });
        committed = await credits.commit(reservationId);
      } catch (error) {
        if (image) await images.discard(image).catch((e: unknown) => log.error({ err: e, imageId: image?.id }, 'could not discard image'));
        const refundedBalance = await refundQuietly(reservationId, log);
        if (!(error instanceof GenerationProviderError)) throw error;
        // Outcome and sizes only: the prompt is the user's, and stays out of the logs.
        log.warn({ provider: provider.name, failure: error.failure, providerStatus: error.status, promptLength: request.prompt.length }, 'generation failed');
        const [code, message] = failureErrors[error.failure];
        throw new AppError(code, message, { cause: error, extra: refundedBalance === undefined ? {} : { creditBalance: refundedBalance } });
      }

      log.info({ imageId: image.id, provider: provider.name, size: request.size, ms: Math.round(performance.now() - startedAt) }, 'image generated');
      if (committed) return { imageId: image.id, png, creditBalance: balance };
      return chargeAgain(userId, reservationId, image, png, log);
    },
  };

  /**
   * The sweep refunded the reservation while the provider worked. That needs a provider slower
   * than RESERVATION_TIMEOUT_MINUTES, which config rules out for OpenAI, so this is a safety net:
   * charge the credit now (once, keyed by the reservation) and deliver, or, with no credit left,
   * take the image back: never a free image, never a charge without one.
   */
  async function chargeAgain(userId: string, reservationId: string, image: ImageRow, png: Buffer, log: FastifyBaseLogger): Promise<Generated> {
    log.warn({ imageId: image.id, reservationId }, 'reservation was swept during generation; charging again');
    try {
      const creditBalance = await credits.spend(userId, cost, reservationId);
      return { imageId: image.id, png, creditBalance };
    } catch (error) {
      await images.discard(image);
      throw error;
    }
  }
}

export type GenerationService = ReturnType<typeof createGenerationService>;
