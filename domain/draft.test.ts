import { describe, expect, it } from 'vitest';
import { applyDraftChanges, draftChanges, draftDataSchema, draftPatchSchema, storedDraftData } from './draft';

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

  it("stores a wizard's values as JSON keeps them: a cleared field (undefined) left out, an amount being typed (NaN) as null", () => {
    // A company's partners pre-fill the tax form with no SSN (`taxId: undefined`): the draft must still save.
    const values = { partners: [{ name: 'Ana', percentage: 100, taxId: undefined }], profits: { income: Number.NaN } };
    expect(draftDataSchema.safeParse(values).success).toBe(false);
    const stored = storedDraftData(values);
    expect(stored).toEqual({ partners: [{ name: 'Ana', percentage: 100 }], profits: { income: null } });
    expect(draftDataSchema.safeParse(stored).success).toBe(true);
  });

  it('refuses data nested deeper than 64 levels without overflowing the stack, however deep', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(draftDataSchema.safeParse({ deep }).success).toBe(false);
  });
});

describe('hostile draft data (issue 9 §4)', () => {
  it('refuses a million-level nesting as invalid instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = { a: deep };
    expect(draftDataSchema.safeParse({ values: deep }).error?.issues[0]?.message).toBe('validation.invalid');
  });

  it('refuses NUL and lone surrogates in values and keys, which PostgreSQL cannot store', () => {
    expect(draftDataSchema.safeParse({ values: { name: 'a\u0000' } }).success).toBe(false);
    expect(draftDataSchema.safeParse({ values: { ['\ud800']: 'x' } }).success).toBe(false);
    expect(draftDataSchema.safeParse({ ['k\u0000']: 'x' }).success).toBe(false);
    expect(draftDataSchema.safeParse({ values: { name: 'Lucía 🇧🇷' } }).success).toBe(true);
  });
});

describe('a draft changes by fields', () => {
  const before = { taxYear: 2025, form: { companyName: 'Acme', ein: '', partners: [{ name: 'Ana' }] }, substep: 'substep1' };

  it('a change names only the fields that differ, nested objects field by field and arrays whole', () => {
    const after = { taxYear: 2025, form: { companyName: 'Acme', ein: '12-3456789', partners: [{ name: 'Ana' }, { name: 'Bruno' }] } };
    expect(draftChanges(before, after)).toEqual([
      { path: ['form', 'ein'], value: '12-3456789' },
      { path: ['form', 'partners'], value: [{ name: 'Ana' }, { name: 'Bruno' }] },
      { path: ['substep'] },
    ]);
    expect(draftChanges(before, structuredClone(before))).toEqual([]);
  });

  it('applying a change keeps every field it does not name, and reproduces what the device changed', () => {
    const after = { taxYear: 2025, form: { companyName: 'Acme LLC', ein: '', partners: [{ name: 'Ana' }] }, substep: 'substep2' };
    const theirs = { ...before, form: { ...before.form, ein: '98-7654321' } };
    expect(applyDraftChanges(theirs, draftChanges(before, after))).toEqual({ ...after, form: { ...after.form, ein: '98-7654321' } });
    expect(applyDraftChanges(before, draftChanges(before, after))).toEqual(after);
    expect(before.form.companyName).toBe('Acme');
  });

  it('a field that held a value and now holds fields takes the newer shape', () => {
    expect(applyDraftChanges({ owner: 'Ana' }, [{ path: ['owner', 'name'], value: 'Ana' }])).toEqual({ owner: { name: 'Ana' } });
  });

  it("refuses a path through an object's prototype", () => {
    const patch = {
      id: '3f1c3b1e-8a0e-4a37-9a53-0d8c0f1d2e11',
      kind: 'taxForm',
      companyId: null,
      changes: [{ path: ['__proto__', 'admin'], value: true }],
      updatedAt: '2026-11-21T10:00:00.000Z',
    };
    expect(draftPatchSchema.safeParse(patch).success).toBe(false);
  });
});
