import { describe, expect, it } from 'vitest';
import { cardBrand, cvcLength, formatCardNumber, formatExpiry, lastFour } from './card';

describe('card brand', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000002760003184', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
  ])('recognises %s as %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it.each(['', '1', '9999', 'abcd', '2220'])('tells nothing for %j', (number) => {
    expect(cardBrand(number)).toBeNull();
  });
});

describe('card number formatting', () => {
  it('groups in fours and drops anything but digits', () => {
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('groups Amex 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('3782822463100051234')).toBe('3782 822463 10005');
  });

  it('keeps at most 19 digits', () => {
    expect(formatCardNumber('4'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('asks for four CVC digits on Amex only', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(cvcLength(null)).toBe(3);
  });

  it('shows the last four digits', () => {
    expect(lastFour('4242 4242 4242 4242')).toBe('4242');
  });
});

describe('expiry formatting', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['4', '04'],
    ['12', '12'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12/34', '12/34'],
    ['12345', '12/34'],
    ['ab', ''],
  ])('writes %j as %j', (input, output) => {
    expect(formatExpiry(input)).toBe(output);
  });
});
