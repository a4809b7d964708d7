/** The local test-mode card form's formatting and parsing; the provider decides whether a card pays. */

const isAmex = (digits: string) => /^3[47]/.test(digits);

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19);
}

/** Groups of four (American Express: 4-6-5), as the number is printed on the card. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value);
  if (isAmex(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Four digits of CVC for American Express, three for the rest. */
export function cvcLength(cardNumber: string): 3 | 4 {
  return isAmex(cardDigits(cardNumber)) ? 4 : 3;
}

/** `MM / YY` while typing: a first digit above 1 can only be a month 02–09. */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Month and two-digit year, or null while the date is incomplete. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 4) return null;
  return { expMonth: Number(digits.slice(0, 2)), expYear: Number(digits.slice(2)) };
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

/** Which field a refusal is about, from its code in Stripe's terms; undefined for the card as a whole. */
export function fieldOfCode(code: string | undefined): CardField | undefined {
  if (!code) return undefined;
  if (code === 'invalid_number' || code === 'incomplete_number') return 'cardNumber';
  if (code.startsWith('invalid_expiry') || code === 'incomplete_expiry') return 'expiry';
  if (code === 'incomplete_cvc' || code === 'incorrect_cvc' || code === 'invalid_cvc') return 'cvc';
  return undefined;
}
