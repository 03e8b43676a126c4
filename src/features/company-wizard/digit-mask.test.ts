import { describe, expect, it } from 'vitest';
import { taxIdSchema } from '@domain/company';
import { einGroups, formatDigits, maskWithCaret, taxIdGroups } from './digit-mask';

describe('SSN/ITIN mask', () => {
  it('groups digits as XXX-XX-XXXX while typing', () => {
    const typed = '123456789'.split('').reduce<string[]>((shown, digit) => [...shown, formatDigits((shown.at(-1) ?? '') + digit, taxIdGroups)], []);
    expect(typed).toEqual(['1', '12', '123', '123-4', '123-45', '123-45-6', '123-45-67', '123-45-678', '123-45-6789']);
  });

  it('accepts pasted numbers with spaces, dots or dashes and drops what does not fit', () => {
    expect(formatDigits('123 45 6789', taxIdGroups)).toBe('123-45-6789');
    expect(formatDigits('123.45.6789', taxIdGroups)).toBe('123-45-6789');
    expect(formatDigits('9-1-2-7-0-1-2-3-4-5-6', taxIdGroups)).toBe('912-70-1234');
    expect(formatDigits('abc', taxIdGroups)).toBe('');
  });

  it('gives what the domain schema accepts once complete', () => {
    expect(taxIdSchema.safeParse(formatDigits('123456789', taxIdGroups)).success).toBe(true);
    expect(taxIdSchema.safeParse(formatDigits('12345678', taxIdGroups)).success).toBe(false);
  });

  it('keeps the caret after the same digit when editing in the middle', () => {
    // The user deletes the '3' of '123-45-6789': '12|-45-6789' regroups, the caret stays after '2'.
    expect(maskWithCaret('12-45-6789', 2, taxIdGroups)).toEqual({ value: '124-56-789', caret: 2 });
    // A '9' typed after '12': the caret stays right after the new digit.
    expect(maskWithCaret('1293-45-678', 3, taxIdGroups)).toEqual({ value: '129-34-5678', caret: 3 });
    // The fourth digit lands after the dash the mask inserts.
    expect(maskWithCaret('1234', 4, taxIdGroups)).toEqual({ value: '123-4', caret: 5 });
    expect(maskWithCaret('', 0, taxIdGroups)).toEqual({ value: '', caret: 0 });
  });
});

describe('EIN mask', () => {
  it('groups digits as XX-XXXXXXX', () => {
    expect(formatDigits('123456789', einGroups)).toBe('12-3456789');
    expect(formatDigits('12', einGroups)).toBe('12');
    expect(formatDigits('123', einGroups)).toBe('12-3');
  });
});
