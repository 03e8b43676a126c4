import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { transactionSchema, type Transaction } from '@domain/bookkeeping';
import { testTransaction } from '@domain/transaction-fixture';
import { checkRow } from './row-check';

/** The check of a mutator's rows: the table schema's verdict, with an edit of a held row parsed only where it differs. */

const held = testTransaction({ accountKind: 'manual', accountId: randomUUID(), description: 'CARD PURCHASE 42', amountCents: -4200 });

describe('checkRow', () => {
  it('gives what the table schema gives for an edit of a held row, its changed fields parsed by their own schemas', () => {
    const edited = { ...held, note: ' \u0007 checked  ', category: 'software' as const, updatedAt: '2026-11-23T10:00:00.000Z' };
    expect(checkRow('transactions', edited, held)).toEqual(transactionSchema.parse(edited));
    expect(checkRow('transactions', edited, held)!.note).toBe('checked');
  });

  it('refuses an edit whose changed field, or whose set of fields, the schema refuses', () => {
    expect(checkRow('transactions', { ...held, date: '2026-02-30' }, held)).toBeUndefined();
    expect(checkRow('transactions', { ...held, category: 'lottery' as never }, held)).toBeUndefined();
    expect(checkRow('transactions', { ...held, amountCents: 1.5 }, held)).toBeUndefined();
    expect(checkRow('transactions', { ...held, extra: 1 } as Transaction, held)).toBeUndefined();
    const { note: _note, ...missing } = held;
    expect(checkRow('transactions', missing as Transaction, held)).toBeUndefined();
  });

  it('parses a row without a held one whole, and leaves the fields an edit does not change as they were held', () => {
    const long = { ...held, description: 'x'.repeat(600) };
    expect(checkRow('transactions', long, undefined)).toBeUndefined();
    // Held as stored: an edit of its note is checked for the note, not for what the device already has.
    expect(checkRow('transactions', { ...long, note: 'seen' }, long)).toEqual({ ...long, note: 'seen' });
  });

  it('parses whole a held row a mutator changed in place (no field would differ from itself)', () => {
    const row = { ...held };
    const changedInPlace = Object.assign(row, { note: 'x'.repeat(5_000) });
    expect(checkRow('transactions', changedInPlace, row)).toBeUndefined();
  });
});
