import { formatPrice } from '@lumigen/contract/catalogue';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyDateFormat } from '../../../lib/lazy-intl.ts';
import { forgetReturnPath, readReturnPath } from '../../../lib/return-after-purchase.ts';
import { useAuth } from '../../../lib/session.tsx';
import { usePayments } from '../api/get-payments.ts';
import '../checkout.css';

export const receiptParam = 'payment';
/** Where a purchase's receipt is: the checkout sends the buyer there, the purchase list links to it. */
export const receiptPath = (paymentIntentId: string) =>
  `/checkout/complete?${receiptParam}=${encodeURIComponent(paymentIntentId)}`;

const dateFormat = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/**
 * After paying: what was bought, what it cost, the balance now, the card receipt when the payment
 * provider made one, and the way back to the page the buyer left to buy (or the generator). Read from the server's record of the payment, so a reload
 * or a link from the purchase list shows the same receipt.
 */
export function CheckoutCompletePage() {
  const { token, credit } = useAuth();
  const [search] = useSearchParams();
  const id = search.get(receiptParam);
  const payments = usePayments(token);
  const payment = payments.data?.payments.find((candidate) => candidate.paymentIntentId === id);
  const back = readReturnPath() ?? '/generate';

  let body;
  if (payments.isPending) {
    body = (
      <div className="checkout__status-panel" role="status">
        <Spinner size="1.5rem" />
        Loading your receipt…
      </div>
    );
  } else if (payments.isError) {
    body = <p role="alert">Your receipt could not be loaded: {payments.error.message}</p>;
  } else if (!payment) {
    body = (
      <p role="alert">
        No purchase of yours has that reference. Your purchases are listed on <Link to="/profile">your profile</Link>.
      </p>
    );
  } else {
    const paid = payment.status === 'succeeded';
    body = (
      <section className="checkout__summary receipt" aria-labelledby="receipt-title">
        <h2 className="checkout__heading" id="receipt-title">
          {paid ? 'Payment successful' : 'Payment not completed'}
        </h2>
        <dl className="checkout__lines">
          <div>
            <dt>Bundle</dt>
            <dd>{payment.bundle}</dd>
          </div>
          <div>
            <dt>Credits added</dt>
            <dd>{paid ? payment.credits : 0}</dd>
          </div>
          <div>
            <dt>Amount paid</dt>
            <dd>
              {paid ? formatPrice(payment.amount) : formatPrice(0)}{' '}
              <span className="checkout__currency">{payment.currency.toUpperCase()}</span>
            </dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={payment.createdAt}>{dateFormat.format(new Date(payment.createdAt))}</time>
            </dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd className="receipt__reference">{payment.paymentIntentId}</dd>
          </div>
          {credit !== undefined && (
            <div className="checkout__total">
              <dt>Your balance now</dt>
              <dd>{credit} credits</dd>
            </div>
          )}
        </dl>
        {payment.receiptUrl ? (
          // The provider's own receipt, kept up to date with any refund; it opens apart so this page stays.
          <p className="receipt__card">
            <a href={payment.receiptUrl} target="_blank" rel="noopener noreferrer">
              View the card receipt<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        <ButtonLink to={back} size="lg" onClick={forgetReturnPath}>
          Start creating
        </ButtonLink>
      </section>
    );
  }

  return <div className="checkout container receipt-page">{body}</div>;
}
