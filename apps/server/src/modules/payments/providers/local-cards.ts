import { messages } from '@lumigen/contract/messages';

export type CardInput = { cardNumber: string; expMonth: number; expYear: number; cvc: string };

/**
 * `invalid`: what Stripe.js refuses in the browser, before the intent is touched.
 * `declined`: what the card network refuses; Stripe records it on the intent and sends
 * payment_intent.payment_failed.
 */
export type CardOutcome = { ok: true } | { ok: false; kind: 'invalid' | 'declined'; code: string; message: string };

// Stripe's documented test cards that fail, with the error code and text Stripe gives them.
const failingCards: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: messages.card.declined },
  '4000000000009995': { code: 'insufficient_funds', message: messages.card.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: messages.card.declined },
  '4000000000009979': { code: 'stolen_card', message: messages.card.declined },
  '4000000000000069': { code: 'expired_card', message: messages.card.expired },
  '4000000000000127': { code: 'incorrect_cvc', message: messages.card.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: messages.card.processingError },
};

// Stripe's test cards that pay. Any other number is refused as Stripe's test mode refuses a real
// card: nobody can mistake the local provider for a real checkout.
const payingCards = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa debit
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard 2-series
  '378282246310005', // American Express
  '6011111111111117', // Discover
]);

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const invalid = (code: string, message: string): CardOutcome => ({ ok: false, kind: 'invalid', code, message });

/** The local provider's verdict on a card, with Stripe's test-mode semantics and texts. */
export function checkCard(card: CardInput, now = new Date()): CardOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return invalid('invalid_number', messages.card.invalidNumber);
  if (number.length < 13) return invalid('incomplete_number', messages.card.incompleteNumber);
  if (number.length > 19 || !passesLuhn(number)) return invalid('invalid_number', messages.card.invalidNumber);

  if (card.expMonth < 1 || card.expMonth > 12) return invalid('invalid_expiry_month', messages.card.invalidExpiryMonth);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is valid through the last day of its expiry month.
  const endOfExpiryMonth = Date.UTC(year, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) return invalid('invalid_expiry_year', messages.card.expiryInPast);

  const cvcLength = /^3[47]/.test(number) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return invalid('incomplete_cvc', messages.card.incompleteCvc);

  const failing = failingCards[number];
  if (failing) return { ok: false, kind: 'declined', ...failing };
  if (!payingCards.has(number))
    return { ok: false, kind: 'declined', code: 'card_declined', message: messages.card.notTestCard };
  return { ok: true };
}
