import type { FastifyBaseLogger } from 'fastify';
import type { CreditsService } from '../credits/credits.service.ts';
import type { ImageRow } from './images.repository.ts';
import type { ImagesService, NewImage } from './images.service.ts';

export type PaidImage = { image: ImageRow; png: Buffer; creditBalance: number };

export type PaidImageAction = {
  userId: string;
  /** Credits held before `produce` runs. */
  cost: number;
  /** The reservation's purpose: 'generation' or the editing tool. */
  purpose: string;
  /** Makes the image (calls the provider); what it returns is stored as the user's image. */
  produce(): Promise<Omit<NewImage, 'userId'>>;
  /**
   * The error to answer with when making or storing failed, given the balance after the refund
   * (undefined when the refund could not run now); undefined: the error is rethrown as it is.
   */
  explain(error: unknown, refundedBalance: number | undefined): Error | undefined;
  log: FastifyBaseLogger;
};

/**
 * An image made as a paid action (docs/architecture.md §2), for generation and every editing tool alike:
 * the credit is reserved before the provider is called, committed once the image is stored, and
 * refunded on any failure on the way. 402 when the balance is short, before any work.
 */
export function createPaidImages({ credits, images }: { credits: CreditsService; images: ImagesService }) {
  /** A refund that cannot happen now (database gone) is left to the sweep, never lost. */
  async function refundQuietly(reservationId: string, log: FastifyBaseLogger): Promise<number | undefined> {
    try {
      return (await credits.refund(reservationId)) ?? undefined;
    } catch (error) {
      log.error({ err: error, reservationId }, 'refund failed; the sweep will return the credit');
      return undefined;
    }
  }

  /**
   * The sweep refunded the reservation while the provider worked. Config keeps every provider's
   * timeout below RESERVATION_TIMEOUT_MINUTES, so this is a safety net: charge the credit now
   * (once, keyed by the reservation) and deliver, or, with no credit left, take the image back:
   * never a free image, never a charge without one.
   */
  async function chargeAgain({ userId, cost, purpose, log }: PaidImageAction, reservationId: string, image: ImageRow, png: Buffer): Promise<PaidImage> {
    log.warn({ imageId: image.id, reservationId, purpose }, 'reservation was swept while the image was made; charging again');
    try {
      const creditBalance = await credits.spend(userId, cost, reservationId);
      return { image, png, creditBalance };
    } catch (error) {
      await images.discard(image);
      throw error;
    }
  }

  return {
    async make(action: PaidImageAction): Promise<PaidImage> {
      const { userId, cost, purpose, log } = action;
      const { reservationId, balance } = await credits.reserve(userId, cost, purpose);
      let image: ImageRow | undefined;
      let png: Buffer;
      let committed: boolean;
      try {
        const made = await action.produce();
        png = made.png;
        image = await images.save({ userId, ...made });
        committed = await credits.commit(reservationId, image.id);
      } catch (error) {
        if (image) await images.discard(image).catch((e: unknown) => log.error({ err: e, imageId: image?.id }, 'could not discard image'));
        const refundedBalance = await refundQuietly(reservationId, log);
        throw action.explain(error, refundedBalance) ?? error;
      }
      if (committed) return { image, png, creditBalance: balance };
      return chargeAgain(action, reservationId, image, png);
    },
  };
}

export type PaidImages = ReturnType<typeof createPaidImages>;
