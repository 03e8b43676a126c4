import { describe, expect, it } from 'vitest';
import { decimalEvidence, detectDecimalSeparator, maxAmountCents, parseAmount } from './amounts';
import { centsSchema } from './bookkeeping';

describe('parseAmount', () => {
  it.each([
    ['1,234.56', '.', 123_456],
    ['1.234,56', ',', 123_456],
    ['1 234,56', ',', 123_456],
    ["1'234.56", '.', 123_456],
    ['-12.00', '.', -1200],
    ['(12.00)', '.', -1200],
    ['12.00-', '.', -1200],
    ['−12,00 €', ',', -1200],
    ['-$1,250.00', '.', -125_000],
    ['$-5', '.', -500],
    ['R$ 1.234,56', ',', 123_456],
    ['USD 12.5', '.', 1250],
    ['+3', '.', 300],
    ['0,42', ',', 42],
    ['.5', '.', 50],
    ['12', ',', 1200],
    ['1.005', ',', 100_500],
    ['0.005', '.', 1],
    ['-0.004', '.', 0],
    ['12.345', '.', 1235],
  ] as const)('reads %s with %s decimals as %d cents', (raw, decimal, cents) => {
    expect(parseAmount(raw, decimal)).toBe(cents);
  });

  it('never goes through a float (0.1 + 0.2 style sums stay exact)', () => {
    expect(parseAmount('0.10', '.')! + parseAmount('0.20', '.')!).toBe(30);
    expect(parseAmount('1234567890.99', '.')).toBe(123_456_789_099);
  });

  it.each(['', 'abc', '12abc34', '1,23,4.00', '--', '1.234.56', '12 .00', '$'])('refuses %j', (raw) => {
    expect(parseAmount(raw, '.')).toBeNull();
  });

  it('marks magnitudes beyond 13 integer digits as infinite, keeping the sign', () => {
    expect(parseAmount('-99999999999999', '.')).toBe(-Infinity);
  });
});

describe('decimal separator', () => {
  it('reads evidence from each value', () => {
    expect(decimalEvidence('1.234,56')).toBe(',');
    expect(decimalEvidence('1,234.56')).toBe('.');
    expect(decimalEvidence('12,5')).toBe(',');
    expect(decimalEvidence('1,234')).toBeNull();
    expect(decimalEvidence('1.234.567')).toBe(',');
    expect(decimalEvidence('100')).toBeNull();
  });

  it('decides by the column and falls back to the language when it never says', () => {
    expect(detectDecimalSeparator(['1,234', '12,50', '3'], '.')).toEqual({ separator: ',', assumed: false });
    expect(detectDecimalSeparator(['1,234', '100'], ',')).toEqual({ separator: ',', assumed: true });
  });
});

describe('centsSchema: the money schema of the books and the tax form', () => {
  const message = (schema: ReturnType<typeof centsSchema>, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('takes signed integer cents up to the limit by default', () => {
    expect(centsSchema().parse(-maxAmountCents)).toBe(-maxAmountCents);
    expect(message(centsSchema(), maxAmountCents + 1)).toBe('validation.amountTooLarge');
    expect(message(centsSchema(), 12.5)).toBe('validation.invalidAmount');
    expect(message(centsSchema(), undefined)).toBe('validation.invalidAmount');
  });

  it('refuses negatives and names a missing figure as the form asks', () => {
    const schema = centsSchema({ nonNegative: true, missing: 'validation.required' });
    expect(schema.parse(0)).toBe(0);
    expect(message(schema, -1)).toBe('validation.amountNotNegative');
    expect(message(schema, undefined)).toBe('validation.required');
  });
});
