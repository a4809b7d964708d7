import type { PaymentStatus } from '@lumigen/contract/payments';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Records an intent once; a repeat (same provider id) is already recorded and changes nothing. */
export async function insertPayment(ex: Executor, values: NewPayment): Promise<void> {
  await ex.insert(payments).values(values).onConflictDoNothing({ target: payments.providerPaymentId });
}

export async function findByProviderId(ex: Executor, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await ex.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/** Statuses the intent's own events never move a payment out of (they may arrive out of order). */
const finalStatuses: PaymentStatus[] = ['succeeded', 'refunded', 'disputed'];

/** Follows the provider's state; a succeeded or reversed payment is never moved back. */
export async function updateStatus(
  ex: Executor,
  providerPaymentId: string,
  status: PaymentStatus,
  failureMessage: string | null,
): Promise<void> {
  await ex
    .update(payments)
    .set({ status, failureMessage, updatedAt: sql`now()` })
    .where(and(eq(payments.providerPaymentId, providerPaymentId), notInArray(payments.status, finalStatuses)));
}

/** The payment's row, locked until the transaction ends: reversals of one payment take turns. */
export async function findForUpdate(ex: Executor, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await ex.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).for('update');
  return row;
}

/** Marks a payment refunded or disputed, adding what a reversal claimed and what of it was already spent. */
export async function recordReversal(
  ex: Executor,
  providerPaymentId: string,
  status: 'refunded' | 'disputed',
  claimed: number,
  shortfall: number,
): Promise<void> {
  await ex
    .update(payments)
    .set({
      status,
      reversedCredits: sql`${payments.reversedCredits} + ${claimed}`,
      shortfallCredits: sql`${payments.shortfallCredits} + ${shortfall}`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.providerPaymentId, providerPaymentId));
}

/**
 * Marks a payment succeeded and credited, once: true only for the caller that flipped it. Run in
 * the transaction that grants the credits; the row lock makes a concurrent caller wait, then find
 * it already credited.
 */
export async function markCredited(
  ex: Executor,
  providerPaymentId: string,
  receiptUrl: string | null,
): Promise<boolean> {
  const updated = await ex
    .update(payments)
    .set({ status: 'succeeded', failureMessage: null, receiptUrl, creditedAt: sql`now()`, updatedAt: sql`now()` })
    // A payment refunded or disputed before anyone credited it is never credited.
    .where(
      and(
        eq(payments.providerPaymentId, providerPaymentId),
        isNull(payments.creditedAt),
        notInArray(payments.status, ['refunded', 'disputed']),
      ),
    )
    .returning({ id: payments.id });
  return updated.length === 1;
}

/** Records the provider's receipt page of a payment credited without it (before receipts were kept). */
export async function recordReceiptUrl(ex: Executor, providerPaymentId: string, receiptUrl: string): Promise<void> {
  await ex
    .update(payments)
    .set({ receiptUrl, updatedAt: sql`now()` })
    .where(and(eq(payments.providerPaymentId, providerPaymentId), isNull(payments.receiptUrl)));
}

/** The user's payments, newest first, each with what of it paid credits owed from a reversal. */
export async function listByUser(
  ex: Executor,
  userId: string,
  limit: number,
): Promise<Array<PaymentRow & { shortfallSettledCredits: number }>> {
  const found = await ex
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  if (found.length === 0) return [];
  const settled = await rows<{ ref: string; paid: number }>(
    ex,
    sql`SELECT ref, -delta AS paid FROM credit_ledger WHERE user_id = ${userId} AND reason = 'shortfall_settled' AND ref = ANY(ARRAY[${sql.join(
      found.map((row) => sql`${row.providerPaymentId}`),
      sql`, `,
    )}]::text[])`,
  );
  const paid = new Map(settled.map((row) => [row.ref, row.paid]));
  return found.map((row) => ({ ...row, shortfallSettledCredits: paid.get(row.providerPaymentId) ?? 0 }));
}

/**
 * The user's newest unpaid intent for this bundle, still within Stripe's 24 hours of idempotency
 * (asking again with its key answers the same intent); undefined if none.
 */
export async function findOpenIntent(ex: Executor, userId: string, bundle: string): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.bundle, bundle),
        inArray(payments.status, ['pending', 'failed']),
        isNull(payments.creditedAt),
        sql`${payments.createdAt} > now() - interval '23 hours'`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}
