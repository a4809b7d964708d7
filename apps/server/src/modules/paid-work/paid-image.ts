import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { CreditsService, KeyCharge, Reservation } from '../credits/index.ts';
import { lockUser } from '../accounts/index.ts';
import type { ImageRow, ImagesService, NewImage } from '../images/index.ts';

export type Delivery = {
  userId: string;
  /** Null for free work (a local preview at 0 credits): nothing was reserved, nothing is committed. */
  reservationId: string | null;
  /** What the provider made; stored as the user's image. */
  made: Omit<NewImage, 'userId'>;
  /**
   * Marks the work done with this image, in the transaction that takes the credit; false when
   * nobody wants it any more (canceled, or settled by someone else): then nothing is charged.
   */
  claim(tx: Executor, imageId: string): Promise<boolean>;
  log: FastifyBaseLogger;
};

/** A reservation, or none (null) for work that costs nothing. */
export type FreeOrReserved = Omit<Reservation, 'reservationId'> & { reservationId: string | null };

/**
 * An image made as a paid action (docs/architecture.md §2), for generation and every editing tool
 * alike, in three steps that may run in different processes: the credit is reserved when the job
 * is accepted (402 when short, before any work), the image is delivered (stored, and the credit
 * committed in the transaction that marks the job done), or the credit is refunded (failure,
 * cancel, a lost worker).
 */
/** The job no longer wants the image: thrown inside the transaction so that its row rolls back. */
class ClaimLost extends Error {}

export function createPaidImages({ db, credits, images }: { db: Db; credits: CreditsService; images: ImagesService }) {
  async function removeQuietly(storageKey: string, log: FastifyBaseLogger) {
    await images
      .removeStored([storageKey])
      .catch((error: unknown) => log.error({ err: error, storageKey }, 'could not remove an undelivered image file'));
  }

  return {
    /** Free work reserves nothing and writes no ledger row (docs/decisions/051): its reservation is null. */
    async reserve(
      userId: string,
      cost: number,
      purpose: string,
      ex: Executor,
      apiKey?: KeyCharge,
    ): Promise<FreeOrReserved> {
      if (cost === 0) return { reservationId: null, balance: await credits.balanceOf(userId, ex) };
      return credits.reserve(userId, cost, purpose, ex, apiKey);
    },

    /**
     * Stores the image's bytes, then in one transaction writes its row, claims it for the job and
     * commits the credit: a crash before that commit leaves a file no row names (the sweep's),
     * never an image the user did not pay for.
     * The sweep may have refunded the reservation while the provider worked (config keeps every
     * timeout below RESERVATION_TIMEOUT_MINUTES, so this is a safety net): then the credit is
     * charged again, once, keyed by the reservation; with no credit left the transaction fails
     * with the 402 and the image is taken back. Never a free image, never a charge without one.
     * Undefined when the job no longer wanted it.
     */
    async deliver({ userId, reservationId, made, claim, log }: Delivery): Promise<ImageRow | undefined> {
      const stored = await images.storeBytes(made.png);
      try {
        return await db.transaction(async (tx) => {
          // The user's row first, as the claim's promotion and the charge lock it: the image's
          // insert (its key references the user) before that would let two deliveries deadlock.
          await lockUser(tx, userId);
          const image = await images.insertStored(tx, { userId, ...made }, stored);
          if (!(await claim(tx, image.id))) throw new ClaimLost();
          if (reservationId !== null && !(await credits.commit(reservationId, image.id, tx))) {
            log.warn(
              { imageId: image.id, reservationId },
              'reservation was swept while the image was made; charging again',
            );
            await credits.chargeReservationAgain(userId, reservationId, tx);
          }
          return image;
        });
      } catch (error) {
        await removeQuietly(stored.storageKey, log);
        if (error instanceof ClaimLost) return undefined;
        throw error;
      }
    },

    /** Returns a held credit; the new balance, or null when the reservation was already settled. */
    refund(reservationId: string | null, ex: Executor): Promise<number | null> {
      return reservationId === null ? Promise.resolve(null) : credits.refund(reservationId, ex);
    },
  };
}

export type PaidImages = ReturnType<typeof createPaidImages>;
