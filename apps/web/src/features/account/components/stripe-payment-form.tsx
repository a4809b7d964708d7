import { webMessages } from '@lumigen/contract/web-messages';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// `pure`: Stripe.js is fetched when loadStripe is called, not when this module is imported.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { useId, useState, type FormEvent } from 'react';
import { PaymentError, type Purchase } from '../use-purchase.ts';
import { PayFooter } from './pay-button.tsx';

// One Stripe.js instance per key for the life of the page, as Stripe asks.
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey);
    instances.set(publishableKey, instance);
  }
  return instance;
}

/** The Payment Element in our colours, read from the design tokens (they live in CSS only). */
function appearance(): Appearance {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    theme: 'stripe',
    variables: {
      colorPrimary: token('--color-accent-600'),
      colorText: token('--color-text'),
      colorDanger: token('--color-danger-600'),
      colorBackground: token('--color-surface'),
      borderRadius: token('--radius-sm'),
    },
  };
}

const elementOptions = { layout: 'tabs' } as const;

function StripeForm({ purchase }: { purchase: Purchase }) {
  const stripe = useStripe();
  const elements = useElements();
  const failureId = useId();
  const { busy, failure, pay } = purchase;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    void pay(async () => {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // Only a payment method that must leave the page (a bank redirect) goes there; the
        // webhook grants its credits, as it grants every succeeded payment.
        confirmParams: { return_url: `${window.location.origin}/` },
        redirect: 'if_required',
      });
      if (error) {
        // Stripe's advice: its card and validation messages are meant for the customer, others are not.
        const forCustomer = error.type === 'card_error' || error.type === 'validation_error';
        throw new PaymentError(
          forCustomer && error.message ? error.message : webMessages.paymentUnexpected,
          error.code,
        );
      }
      if (paymentIntent.status === 'processing') {
        throw new PaymentError('Your payment is processing. Your credits are added as soon as it completes.');
      }
      if (paymentIntent.status !== 'succeeded') throw new PaymentError(webMessages.paymentUnexpected);
      return paymentIntent.id;
    });
  };

  return (
    <form className="checkout__form" onSubmit={submit} noValidate>
      <div className="checkout__element">
        <PaymentElement options={elementOptions} />
      </div>
      <PayFooter failure={failure} failureId={failureId} busy={busy} disabled={!stripe || !elements} />
    </form>
  );
}

/** Stripe's Payment Element; this module and Stripe.js load only on /checkout in Stripe mode. */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  purchase,
}: {
  publishableKey: string;
  clientSecret: string;
  purchase: Purchase;
}) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [options] = useState(() => ({ clientSecret, appearance: appearance() }));
  return (
    <Elements stripe={stripe} options={options}>
      <StripeForm purchase={purchase} />
    </Elements>
  );
}
