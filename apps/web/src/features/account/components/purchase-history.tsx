import { formatPrice } from '@lumigen/contract/catalogue';
import type { PaymentStatus, PaymentSummary } from '@lumigen/contract/payments';
import { Link } from 'react-router';
import { lazyDateFormat } from '../../../lib/lazy-intl.ts';
import { useAuth } from '../../../lib/session.tsx';
import { usePayments } from '../api/get-payments.ts';
import { receiptPath } from './checkout-complete-page.tsx';
import '../../../components/ui/data-table.css';
import './purchase-history.css';

type Settled = PaymentSummary & { status: Exclude<PaymentStatus, 'pending'> };
const statusLabels: Record<Settled['status'], string> = {
  succeeded: 'Paid',
  failed: 'Declined',
  canceled: 'Canceled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};
// A checkout opened and never paid leaves a pending intent: not a purchase, so not listed.
const isSettled = (payment: PaymentSummary): payment is Settled => payment.status !== 'pending';
const shownCount = 5;
const dateFormat = lazyDateFormat({ dateStyle: 'medium' });

/** The user's latest purchases, newest first; `id` lets a page's menu link to them. */
export function PurchaseHistory({ id }: { id?: string }) {
  const { token } = useAuth();
  const payments = usePayments(token);
  const settled = (payments.data?.payments ?? []).filter(isSettled).slice(0, shownCount);

  let content;
  if (payments.isPending) {
    content = (
      <p className="checkout__history-note" role="status">
        Loading your purchases…
      </p>
    );
  } else if (payments.isError) {
    content = <p className="checkout__history-note">Your purchases could not be loaded: {payments.error.message}</p>;
  } else if (settled.length === 0) {
    content = <p className="checkout__history-note">No purchases yet. The bundles you buy will be listed here.</p>;
  } else {
    // Three columns, so status and amount stay in view on the narrowest phones.
    content = (
      <table className="data-table checkout__table">
        <thead>
          <tr>
            <th scope="col">Purchase</th>
            <th scope="col" className="checkout__num">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {settled.map((payment) => (
            <tr key={payment.paymentIntentId}>
              <td>
                <span className="checkout__table-bundle">
                  {payment.status === 'succeeded' ? (
                    <Link
                      to={receiptPath(payment.paymentIntentId)}
                      aria-label={`Receipt: ${payment.bundle}, ${dateFormat.format(new Date(payment.createdAt))}`}
                    >
                      {payment.bundle}
                    </Link>
                  ) : (
                    payment.bundle
                  )}
                </span>
                <span className="checkout__table-detail">
                  {payment.credits} credits ·{' '}
                  <time dateTime={payment.createdAt}>{dateFormat.format(new Date(payment.createdAt))}</time>
                </span>
                {payment.status === 'refunded' || payment.status === 'disputed' ? (
                  <span className="checkout__table-detail">
                    Credits taken back with the {payment.status === 'refunded' ? 'refund' : 'dispute'}
                    {payment.shortfallCredits > 0 ? ` · ${payment.shortfallCredits} already spent, owed` : ''}
                  </span>
                ) : null}
                {payment.receiptUrl ? (
                  <span className="checkout__table-detail">
                    <a
                      href={payment.receiptUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Card receipt: ${payment.bundle}, ${dateFormat.format(new Date(payment.createdAt))} (opens in a new tab)`}
                    >
                      Card receipt
                    </a>
                  </span>
                ) : null}
                {payment.shortfallSettledCredits > 0 ? (
                  <span className="checkout__table-detail">
                    {payment.shortfallSettledCredits} of them paid what was owed;{' '}
                    {payment.credits - payment.shortfallSettledCredits} added to your balance
                  </span>
                ) : null}
              </td>
              <td className="checkout__num">{formatPrice(payment.amount)}</td>
              <td>
                <span className={`checkout__status checkout__status--${payment.status}`}>
                  {statusLabels[payment.status]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section id={id} className="checkout__history container" aria-labelledby="purchase-history-title">
      <h2 className="checkout__heading" id="purchase-history-title">
        Your recent purchases
      </h2>
      {content}
    </section>
  );
}
