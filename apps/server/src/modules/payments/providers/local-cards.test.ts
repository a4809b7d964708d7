import { describe, expect, it } from 'vitest';
import { checkCard, passesLuhn } from './local-cards.ts';

const now = new Date('2026-06-15T12:00:00Z');
const card = (cardNumber: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  checkCard({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123', ...overrides }, now);

describe('the local provider’s test cards (Stripe’s semantics and texts)', () => {
  it.each(['4242 4242 4242 4242', '4242424242424242', '4242-4242-4242-4242', '5555 5555 5555 4444'])(
    '%s pays',
    (number) => {
      expect(card(number)).toEqual({ ok: true });
    },
  );

  it('an American Express test card pays with a four-digit CVC and not with three', () => {
    expect(card('3782 822463 10005', { cvc: '1234' })).toEqual({ ok: true });
    expect(card('3782 822463 10005', { cvc: '123' })).toMatchObject({
      ok: false,
      message: "Your card's security code is incomplete.",
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    [
      '4000 0000 0000 0119',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
    ['4000 0000 0000 9987', 'lost_card', 'Your card was declined.'],
  ])('%s is declined by the card network: %s', (number, code, message) => {
    expect(card(number)).toEqual({ ok: false, kind: 'declined', code, message });
  });

  it('refuses any other valid number as a non-test card, as Stripe’s test mode does', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(card('4111 1111 1111 1111')).toEqual({
      ok: false,
      kind: 'declined',
      code: 'card_declined',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    });
  });

  it.each([
    ['a Luhn failure', '4242 4242 4242 4241', {}, 'Your card number is invalid.'],
    ['letters', '4242 4242 4242 424x', {}, 'Your card number is invalid.'],
    ['too few digits', '4242 4242', {}, 'Your card number is incomplete.'],
    ['an empty number', '', {}, 'Your card number is incomplete.'],
    ['month 13', '4242424242424242', { expMonth: 13 }, "Your card's expiration month is invalid."],
    ['last month', '4242424242424242', { expMonth: 5, expYear: 2026 }, "Your card's expiration date is in the past."],
    [
      'last year, two digits',
      '4242424242424242',
      { expMonth: 12, expYear: 25 },
      "Your card's expiration date is in the past.",
    ],
    ['a two-digit CVC', '4242424242424242', { cvc: '12' }, "Your card's security code is incomplete."],
    ['a CVC with letters', '4242424242424242', { cvc: '12a' }, "Your card's security code is incomplete."],
  ])('refuses %s before touching the intent', (_label, number, overrides, message) => {
    expect(card(number, overrides)).toMatchObject({ ok: false, kind: 'invalid', message });
  });

  it('accepts a card through the last day of its expiry month, two-digit years included', () => {
    expect(card('4242424242424242', { expMonth: 6, expYear: 26 })).toEqual({ ok: true });
    expect(card('4242424242424242', { expMonth: 6, expYear: 2026 })).toEqual({ ok: true });
  });
});
