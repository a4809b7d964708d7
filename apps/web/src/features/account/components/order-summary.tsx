import { formatPrice } from '@lumigen/contract/catalogue';
import type { CreatePaymentIntentResponse } from '@lumigen/contract/payments';
import { Link } from 'react-router';

/** What is being bought, as the server priced it (the catalogue's amount and credits). */
export function OrderSummary({
  intent,
  balance,
}: {
  intent: CreatePaymentIntentResponse;
  balance: number | undefined;
}) {
  const perImage = formatPrice(Math.round(intent.amount / intent.credits));
  return (
    <section className="checkout__summary" aria-labelledby="order-summary-title">
      <h2 className="checkout__heading" id="order-summary-title">
        Order summary
      </h2>
      <div className="checkout__product">
        <p className="checkout__product-name">{intent.bundle} bundle</p>
        <p className="checkout__product-credits">{intent.credits} credits</p>
      </div>
      <dl className="checkout__lines">
        <div>
          <dt>Price per image</dt>
          <dd>{perImage}</dd>
        </div>
        <div>
          <dt>Billing</dt>
          <dd>One-time payment</dd>
        </div>
        {balance !== undefined && (
          <div>
            <dt>Balance after purchase</dt>
            <dd>{balance + intent.credits} credits</dd>
          </div>
        )}
        <div className="checkout__total">
          <dt>Total due today</dt>
          <dd>
            {formatPrice(intent.amount)} <span className="checkout__currency">{intent.currency.toUpperCase()}</span>
          </dd>
        </div>
      </dl>
      <Link className="checkout__change" to="/pricing">
        Change plan
      </Link>
    </section>
  );
}
