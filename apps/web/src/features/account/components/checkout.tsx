import type { Bundle } from '@lumigen/contract/catalogue';
import { webMessages } from '@lumigen/contract/web-messages';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { newIdempotencyKey, usePaymentIntent } from '../api/create-payment-intent.ts';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import { usePurchase } from '../use-purchase.ts';
import { LocalCardForm } from './local-card-form.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PurchaseHistory } from './purchase-history.tsx';
import '../checkout.css';

// Its own chunk: Stripe's libraries load only when the server runs with Stripe.
const StripePaymentForm = lazy(async () => ({
  default: (await import('./stripe-payment-form.tsx')).StripePaymentForm,
}));

function Status({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="checkout__status-panel" role="status">
      {busy && <Spinner size="1.5rem" />}
      {children}
    </div>
  );
}

/**
 * One checkout attempt for one bundle: the intent (one idempotency key for the attempt, so
 * retries and double clicks make one), the provider's card form, then add-credit.
 */
export function Checkout({ bundle, onPurchased }: { bundle: Bundle; onPurchased(paymentIntentId: string): void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const config = usePaymentsConfig();
  const intent = usePaymentIntent(bundle.name, idempotencyKey);
  const purchase = usePurchase(onPurchased);
  const { credit } = useAuth();

  const failure = (intent.error ?? config.error) as ApiError | null;
  useEffect(() => {
    // A 401 sends the user to log in; that says enough.
    if (failure && failure.status !== 401)
      notify.error(webMessages.checkoutInitFailedToast, { toastId: 'checkout-init' });
  }, [failure]);

  let body: ReactNode;
  if (failure) {
    const retrying = intent.isFetching || config.isFetching;
    body = (
      <div className="checkout__status-panel">
        <p className="checkout__failure" role="alert">
          {webMessages.checkoutInitFailed}
        </p>
        <p className="checkout__status-detail">{failure.message}</p>
        <Button
          variant="secondary"
          busy={retrying}
          onClick={() => {
            if (config.isError) void config.refetch();
            if (intent.isError) void intent.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else if (!intent.data || !config.data) {
    body = <Status busy>Initializing checkout...</Status>;
  } else {
    const settings = config.data;
    body = (
      <div className="checkout__grid">
        <OrderSummary intent={intent.data} balance={credit} />
        <section className="checkout__payment" aria-labelledby="payment-title">
          <h2 className="checkout__heading" id="payment-title">
            Payment details
          </h2>
          {settings.provider === 'local' ? (
            <LocalCardForm paymentIntentId={intent.data.paymentIntentId} purchase={purchase} />
          ) : (
            <Suspense fallback={<Status busy>Loading the secure card form…</Status>}>
              <StripePaymentForm
                publishableKey={settings.publishableKey}
                clientSecret={intent.data.clientSecret}
                purchase={purchase}
              />
            </Suspense>
          )}
          <p className="checkout__fineprint">
            {settings.provider === 'stripe' &&
              'Payments are processed by Stripe; your card details never reach Lumigen. '}
            Your credits are added the moment the payment succeeds.
          </p>
        </section>
      </div>
    );
  }

  return (
    <>
      <div className="checkout container">{body}</div>
      <PurchaseHistory />
    </>
  );
}
