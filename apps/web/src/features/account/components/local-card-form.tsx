import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { confirmLocalPayment } from '../api/confirm-local-payment.ts';
import { cardDigits, cvcLength, fieldOfCode, formatCardNumber, formatCvc, formatExpiry, incompleteExpiryMessage, parseExpiry, type CardField } from '../card-format.ts';
import { PaymentError, type Purchase } from '../use-purchase.ts';
import { PayFooter } from './pay-button.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

/**
 * Test mode's card form, standing in for Stripe's Payment Element: the card goes to our own
 * server's test provider, which answers as Stripe would for its test cards.
 */
export function LocalCardForm({ paymentIntentId, purchase }: { paymentIntentId: string; purchase: Purchase }) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', name: '' });
  const failureId = useId();
  const fields = { cardNumber: useRef<HTMLInputElement>(null), expiry: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null) };
  const { busy, failure, pay } = purchase;
  const invalidField = failure ? fieldOfCode(failure.code) : undefined;

  // The refusal is described once, below the fields; the field it is about points to it.
  const flag = (field: CardField) => (invalidField === field ? { 'aria-invalid': true, 'aria-describedby': failureId } : {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay(async () => {
      const expiry = parseExpiry(card.expiry);
      if (!expiry) {
        fields.expiry.current?.focus();
        throw new PaymentError(incompleteExpiryMessage, 'incomplete_expiry');
      }
      try {
        await confirmLocalPayment({ paymentIntentId, cardNumber: cardDigits(card.number), cvc: card.cvc, ...expiry });
      } catch (error) {
        const field = fieldOfCode((error as { code?: string }).code);
        if (field) fields[field].current?.focus();
        throw error;
      }
      return paymentIntentId;
    });
  };

  return (
    <form className="checkout__form" onSubmit={submit} noValidate>
      <TestModeNotice onUseCard={(number) => setCard((current) => ({ ...current, number: formatCardNumber(number) }))} />
      <TextField
        ref={fields.cardNumber}
        label="Card number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={card.number}
        onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
        {...flag('cardNumber')}
      />
      <div className="checkout__row">
        <TextField
          ref={fields.expiry}
          label="Expiry (MM / YY)"
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
          value={card.expiry}
          onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
          {...flag('expiry')}
        />
        <TextField
          ref={fields.cvc}
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={cvcLength(card.number) === 4 ? '1234' : '123'}
          maxLength={cvcLength(card.number)}
          value={card.cvc}
          onChange={(event) => setCard({ ...card, cvc: formatCvc(event.target.value) })}
          {...flag('cvc')}
        />
      </div>
      <TextField
        label="Name on card (optional)"
        name="ccname"
        autoComplete="cc-name"
        value={card.name}
        onChange={(event) => setCard({ ...card, name: event.target.value })}
      />
      <PayFooter failure={failure} failureId={failureId} busy={busy} />
    </form>
  );
}
