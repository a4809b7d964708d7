import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { CreditsService, KeyCharge, Reservation } from '../credits/credits.service.ts';
import type { ImageRow } from './images.repository.ts';
import type { ImagesService, NewImage } from './images.service.ts';

export type Delivery = {
  userId: string;
  /** The credits reserved when the work was accepted. */
  cost: number;
  reservationId: string;
  /** What the provider made; stored as the user's image. */
  made: Omit<NewImage, 'userId'>;
  /**
   * Marks the work done with this image, in the transaction that takes the credit; false when
   * nobody wants it any more (canceled, or settled by someone else): then nothing is charged.
   */
  claim(tx: Executor, imageId: string): Promise<boolean>;
  log: FastifyBaseLogger;
};

/**
 * An image made as a paid action (docs/architecture.md §2), for generation and every editing tool
 * alike, in three steps that may run in different processes: the credit is reserved when the job
 * is accepted (402 when short, before any work), the image is delivered (stored, and the credit
 * committed in the transaction that marks the job done), or the credit is refunded (failure,
 * cancel, a lost worker).
 */
export function createPaidImages({ db, credits, images }: { db: Db; credits: CreditsService; images: ImagesService }) {
  async function discardQuietly(image: ImageRow, log: FastifyBaseLogger) {
    await images.discard(image).catch((error: unknown) => log.error({ err: error, imageId: image.id }, 'could not discard image'));
  }

  return {
    reserve(userId: string, cost: number, purpose: string, ex: Executor, apiKey?: KeyCharge): Promise<Reservation> {
      return credits.reserve(userId, cost, purpose, ex, apiKey);
    },

    /**
     * Stores the image, then in one transaction claims it for the job and commits the credit.
     * The sweep may have refunded the reservation while the provider worked (config keeps every
     * timeout below RESERVATION_TIMEOUT_MINUTES, so this is a safety net): then the credit is
     * charged again, once, keyed by the reservation; with no credit left the transaction fails
     * with the 402 and the image is taken back. Never a free image, never a charge without one.
     * Undefined when the job no longer wanted it.
     */
    async deliver({ userId, cost, reservationId, made, claim, log }: Delivery): Promise<ImageRow | undefined> {
      const image = await images.save({ userId, ...made });
      let claimed: boolean;
      try {
        claimed = await db.transaction(async (tx) => {
          if (!(await claim(tx, image.id))) return false;
          if (!(await credits.commit(reservationId, image.id, tx))) {
            log.warn({ imageId: image.id, reservationId }, 'reservation was swept while the image was made; charging again');
            await credits.spend(userId, cost, reservationId, tx);
          }
          return true;
        });
      } catch (error) {
        await discardQuietly(image, log);
        throw error;
      }
      if (!claimed) await discardQuietly(image, log);
      return claimed ? image : undefined;
    },

    /** Returns a held credit; the new balance, or null when the reservation was already settled. */
    refund(reservationId: string, ex: Executor): Promise<number | null> {
      return credits.refund(reservationId, ex);
    },
  };
}

export type PaidImages = ReturnType<typeof createPaidImages>;
