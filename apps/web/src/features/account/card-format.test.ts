import { describe, expect, it } from 'vitest';
import { cvcLength, fieldOfCode, formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-format.ts';

describe('card number', () => {
  it('groups digits in fours as they are typed or pasted, dropping anything else', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 9999 9')).toBe('4242 4242 4242 4242 999');
  });

  it('groups American Express 4-6-5 and asks it for a four-digit CVC', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cvcLength('3782 822463 10005')).toBe(4);
    expect(cvcLength('4242 4242 4242 4242')).toBe(3);
  });
});

describe('expiry', () => {
  it('reads MM / YY and pads a month that can only be one digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12/345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('434')).toBe('04 / 34');
  });

  it('parses a complete date only', () => {
    expect(parseExpiry('12 / 34')).toEqual({ expMonth: 12, expYear: 34 });
    expect(parseExpiry('1 / 3')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});

it('keeps at most four CVC digits', () => {
  expect(formatCvc('12a34 5')).toBe('1234');
});

it('maps a refusal code to the field it is about', () => {
  expect(fieldOfCode('incomplete_number')).toBe('cardNumber');
  expect(fieldOfCode('invalid_expiry_year')).toBe('expiry');
  expect(fieldOfCode('incorrect_cvc')).toBe('cvc');
  expect(fieldOfCode('card_declined')).toBeUndefined();
  expect(fieldOfCode(undefined)).toBeUndefined();
});
