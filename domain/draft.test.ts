import { describe, expect, it } from 'vitest';
import { draftDataSchema } from './draft';

describe('draft data is plain JSON', () => {
  it('accepts nested objects, arrays, strings, finite numbers, booleans and null', () => {
    expect(draftDataSchema.safeParse({ partners: [{ name: 'Ana', share: 50.5, director: true, note: null }] }).success).toBe(true);
  });

  it.each([
    ['a date object', { when: new Date() }],
    ['an infinite number', { amount: Number.POSITIVE_INFINITY }],
    ['a function', { run: () => 1 }],
    ['undefined', { missing: undefined }],
  ])('refuses %s', (_label, data) => {
    expect(draftDataSchema.safeParse(data).success).toBe(false);
  });
});
