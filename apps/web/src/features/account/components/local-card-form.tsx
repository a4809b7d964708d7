import { messages } from '@lumigen/contract/messages';
import { useId, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useConfirmLocalPayment } from '../api/confirm-local-payment.ts';
import {
  cardDigits,
  cvcLength,
  fieldOfCode,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
  type CardField,
} from '../card-format.ts';
import { PaymentError, type Purchase } from '../use-purchase.ts';
import { PayFooter } from './pay-button.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

/**
 * Test mode's card form, standing in for Stripe's Payment Element: the card goes to our own
 * server's test provider, which answers as Stripe would for its test cards.
 */
export function LocalCardForm({ paymentIntentId, purchase }: { paymentIntentId: string; purchase: Purchase }) {
  // Whether a card pays is the provider's answer, in Stripe's words; the form only formats what is typed.
  const form = useForm({ defaultValues: { cardnumber: '', 'exp-date': '', cvc: '', ccname: '' } });
  const confirming = useConfirmLocalPayment();
  const failureId = useId();
  // The browser's autofill names (react-hook-form finds a field by its name).
  const fieldNames = { cardNumber: 'cardnumber', expiry: 'exp-date', cvc: 'cvc' } as const;
  const focus = (field: CardField) => form.setFocus(fieldNames[field]);
  const number = form.watch('cardnumber');
  // Formats as the person types: the field shows what the card shows.
  const formatted = (name: 'cardnumber' | 'exp-date' | 'cvc', format: (value: string) => string) =>
    form.register(name, {
      onChange: (event: { target: { value: string } }) => form.setValue(name, format(event.target.value)),
    });
  const { busy, failure, pay } = purchase;
  const invalidField = failure ? fieldOfCode(failure.code) : undefined;

  // The refusal is described once, below the fields; the field it is about points to it.
  const flag = (field: CardField) =>
    invalidField === field ? { 'aria-invalid': true, 'aria-describedby': failureId } : {};

  // Not handleSubmit: its checks wait a tick, and the button must turn busy on the first press (a
  // double click pays once). The provider does the checking.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay(async () => {
      const card = form.getValues();
      const expiry = parseExpiry(card['exp-date']);
      if (!expiry) {
        focus('expiry');
        throw new PaymentError(messages.card.incompleteExpiry, 'incomplete_expiry');
      }
      try {
        await confirming.mutateAsync({
          paymentIntentId,
          cardNumber: cardDigits(card.cardnumber),
          cvc: card.cvc,
          ...expiry,
        });
      } catch (error) {
        const field = fieldOfCode((error as { code?: string }).code);
        if (field) focus(field);
        throw error;
      }
      return paymentIntentId;
    });
  };

  return (
    <form className="checkout__form" onSubmit={submit} noValidate>
      <TestModeNotice onUseCard={(card) => form.setValue('cardnumber', formatCardNumber(card))} />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        {...formatted('cardnumber', formatCardNumber)}
        {...flag('cardNumber')}
      />
      <div className="checkout__row">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
          {...formatted('exp-date', formatExpiry)}
          {...flag('expiry')}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={cvcLength(number) === 4 ? '1234' : '123'}
          maxLength={cvcLength(number)}
          {...formatted('cvc', formatCvc)}
          {...flag('cvc')}
        />
      </div>
      <TextField label="Name on card (optional)" autoComplete="cc-name" {...form.register('ccname')} />
      <PayFooter failure={failure} failureId={failureId} busy={busy} />
    </form>
  );
}
