import { randomUUID } from 'node:crypto';
import { findBundle } from '@lumigen/contract/catalogue';
import { messages } from '@lumigen/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  PaymentStatus,
  PaymentSummary,
} from '@lumigen/contract/payments';
import type { Db } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/index.ts';
import * as repo from './payments.repository.ts';
import type { PaymentProvider, ProviderIntent, ProviderReversal } from './providers/provider.ts';

export type Buyer = { userId: string; email: string };

/** What fulfilment found: the provider's status, and whether this call granted the credits. */
export type Settlement = { status: PaymentStatus; granted: boolean; userId: string; credits: number };

/** The provider's intent must say what our record says, or it is not the purchase we sold. */
function agrees(intent: ProviderIntent, row: repo.PaymentRow): boolean {
  return (
    intent.metadata.userId === row.userId &&
    intent.metadata.bundle === row.bundle &&
    intent.amountCents === row.amountCents &&
    intent.currency === row.currency
  );
}

export function createPaymentsService({
  db,
  credits,
  provider,
}: {
  db: Db;
  credits: CreditsService;
  provider: PaymentProvider;
}) {
  /** Grants the purchase's credits and marks it credited in one transaction; false when already done. */
  async function creditOnce(row: repo.PaymentRow, intent: ProviderIntent): Promise<boolean> {
    const intentId = intent.id;
    try {
      return await db.transaction(async (tx) => {
        if (!(await repo.markCredited(tx, intentId, intent.receiptUrl))) return false;
        await credits.grant(row.userId, row.credits, 'purchase', intentId, tx);
        // What an earlier reversal could not take back is paid first, on a row of its own.
        await credits.settleOwed(row.userId, row.credits, intentId, tx);
        return true;
      });
    } catch (error) {
      // The ledger's UNIQUE (reason, ref): some other path already granted this payment.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Fulfilment, the one path behind both the webhook and add-credit: re-reads the intent from
   * the provider, checks it is the purchase we recorded (and, given `userId`, that user's),
   * follows its status and, when it succeeded, grants the recorded credits exactly once.
   * 404 unknown intent, 403 another user's, 409 an intent that disagrees with our record.
   */
  async function settle(intentId: string, { userId }: { userId?: string } = {}): Promise<Settlement> {
    const row = await repo.findByProviderId(db, intentId);
    if (!row) throw new AppError('not_found', messages.paymentNotFound);
    if (userId !== undefined && row.userId !== userId) throw new AppError('forbidden', messages.paymentNotYours);
    const intent = await provider.retrieveIntent(intentId);
    if (!intent) throw new AppError('not_found', messages.paymentNotFound);
    if (!agrees(intent, row)) throw new AppError('conflict', messages.paymentMismatch);

    const result = { userId: row.userId, credits: row.credits, status: intent.status };
    if (intent.status !== 'succeeded') {
      await repo.updateStatus(db, intentId, intent.status, intent.failureMessage);
      return { ...result, granted: false };
    }
    const granted = await creditOnce(row, intent);
    // Credited by the other route, or before receipts were kept: the receipt is still worth keeping.
    if (!granted && intent.receiptUrl && !row.receiptUrl) await repo.recordReceiptUrl(db, intentId, intent.receiptUrl);
    return { ...result, granted };
  }

  /**
   * Applies one refund or dispute, once per its id: takes back the purchase's share of credits
   * (all of them for the whole amount), or what the balance still holds of it, and records the
   * shortfall. Undefined when this reversal was already applied.
   */
  async function reverseOnce(intentId: string, reversal: ProviderReversal) {
    try {
      return await db.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, intentId);
        if (!row) throw new AppError('not_found', messages.paymentNotFound);
        // A dispute outweighs a refund in what the buyer's history says.
        const status = reversal.kind === 'dispute' || row.status === 'disputed' ? 'disputed' : 'refunded';
        if (!row.creditedAt) {
          // Nothing was granted, so nothing is taken; the status keeps it from ever being credited.
          await repo.recordReversal(tx, intentId, status, 0, 0);
          return { claimed: 0, taken: 0 };
        }
        const share = Math.ceil((row.credits * reversal.amountCents) / row.amountCents);
        const claimed = Math.max(0, Math.min(row.credits - row.reversedCredits, share));
        const { taken } = await credits.takeBack(row.userId, claimed, reversal.id, tx);
        await repo.recordReversal(tx, intentId, status, claimed, claimed - taken);
        await credits.recordShortfall(row.userId, claimed - taken, tx);
        return { claimed, taken };
      });
    } catch (error) {
      // The ledger's UNIQUE (reason, ref): this refund or dispute was already applied.
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  return {
    /** Starts a purchase: price and credits from the catalogue, never from the request. */
    async createIntent(buyer: Buyer, request: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
      const bundle = findBundle(request.items);
      // The request schema admits catalogue names only; this guards a catalogue edited under it.
      if (!bundle) throw new AppError('bad_request', messages.unknownBundle);
      const intentFor = (idempotencyKey: string) =>
        provider.createIntent({
          amountCents: bundle.amountCents,
          currency: bundle.currency,
          description: `Lumigen ${bundle.name} bundle: ${bundle.credits} credits`,
          receiptEmail: buyer.email,
          metadata: { userId: buyer.userId, bundle: bundle.name, credits: String(bundle.credits) },
          idempotencyKey,
        });
      const answer = (intent: { id: string; clientSecret: string }): CreatePaymentIntentResponse => ({
        success: true,
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: bundle.amountCents,
        currency: bundle.currency,
        credits: bundle.credits,
        bundle: bundle.name,
      });
      // An unpaid intent for the same bundle is answered again (its key replays it at the
      // provider, which makes nothing new): reloading checkout leaves no trail of payments.
      const open = await repo.findOpenIntent(db, buyer.userId, bundle.name);
      if (open?.idempotencyKey) {
        const reused = await intentFor(open.idempotencyKey).catch(() => undefined);
        if (reused?.id === open.providerPaymentId && (reused.status === 'pending' || reused.status === 'failed'))
          return answer(reused);
      }
      // Scoped to the user and bundle: another account's key, or another bundle, is another intent.
      const idempotencyKey = `lumigen-${buyer.userId}-${bundle.name}-${request.idempotencyKey ?? randomUUID()}`;
      const intent = await intentFor(idempotencyKey);
      await repo.insertPayment(db, {
        userId: buyer.userId,
        bundle: bundle.name,
        amountCents: bundle.amountCents,
        currency: bundle.currency,
        credits: bundle.credits,
        provider: provider.name,
        providerPaymentId: intent.id,
        idempotencyKey,
      });
      return answer(intent);
    },

    settle,

    /**
     * A refund or dispute event's path: re-reads the payment's reversals from the provider (the
     * event only names the intent) and applies each not yet applied. 404 for a payment we never sold.
     */
    async reverse(intentId: string, log: FastifyBaseLogger): Promise<{ applied: number }> {
      const row = await repo.findByProviderId(db, intentId);
      if (!row) throw new AppError('not_found', messages.paymentNotFound);
      let applied = 0;
      for (const reversal of await provider.listReversals(intentId)) {
        const result = await reverseOnce(intentId, reversal);
        if (!result) continue;
        applied += 1;
        const fields = {
          paymentIntentId: intentId,
          reversalId: reversal.id,
          kind: reversal.kind,
          userId: row.userId,
          claimed: result.claimed,
          taken: result.taken,
        };
        if (result.taken < result.claimed) {
          log.warn(
            { ...fields, shortfall: result.claimed - result.taken },
            'purchase reversed, but some of its credits were already spent',
          );
        } else {
          log.info(fields, 'purchase reversed; its credits taken back');
        }
      }
      return { applied };
    },

    /** add-credit: fulfils the user's own intent; a payment already credited just answers the balance. */
    async addCredit(intentId: string, userId: string): Promise<Settlement & { balance: number }> {
      const settlement = await settle(intentId, { userId });
      if (settlement.status !== 'succeeded') throw new AppError('conflict', messages.paymentNotCompleted);
      return { ...settlement, balance: await credits.balanceOf(userId) };
    },

    /** The user's purchases, newest first (the profile shows 100; an export asks for all). */
    async list(userId: string, limit = 100): Promise<PaymentSummary[]> {
      const found = await repo.listByUser(db, userId, limit);
      return found.map((row) => ({
        paymentIntentId: row.providerPaymentId,
        bundle: row.bundle,
        amount: row.amountCents,
        currency: row.currency,
        credits: row.credits,
        status: row.status,
        shortfallCredits: row.shortfallCredits,
        shortfallSettledCredits: row.shortfallSettledCredits,
        createdAt: row.createdAt.toISOString(),
        ...(row.receiptUrl ? { receiptUrl: row.receiptUrl } : {}),
      }));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
