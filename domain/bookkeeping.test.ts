import { describe, expect, it } from 'vitest';
import {
  batchImportSchema,
  canTransition,
  categories,
  categoryKeys,
  checkImportedRow,
  isRealDate,
  manualAccountFormSchema,
  transactionFormSchema,
  transactionSchema,
  type Transaction,
} from './bookkeeping';

const companyId = '7d7a6c56-0d7f-4c1b-9a34-6a9f7f0b3f11';
const transaction: Transaction = {
  id: '0b8e3a57-22a4-4c57-9d0f-8f6a7f5c1a01',
  companyId,
  date: '2026-03-31',
  description: 'AWS EMEA invoice 1234',
  amountCents: -12_345,
  accountKind: 'manual',
  accountId: '5a0c1f0e-6a62-4d2f-8d43-9f1b8a4c2e10',
  category: 'software',
  merchant: 'AWS',
  note: '',
  checked: false,
  receipt: null,
  blocked: false,
  importId: null,
  createdAt: '2026-04-01T10:00:00.000Z',
  updatedAt: '2026-04-01T10:00:00.000Z',
};

describe('transaction', () => {
  it('accepts a complete transaction with signed integer cents', () => {
    expect(transactionSchema.parse(transaction)).toEqual(transaction);
  });

  it('refuses fractional, float-like and huge amounts', () => {
    expect(transactionSchema.safeParse({ ...transaction, amountCents: 12.5 }).error?.issues[0]?.message).toBe('validation.invalidAmount');
    expect(transactionSchema.safeParse({ ...transaction, amountCents: '12.50' }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, amountCents: 1e14 }).error?.issues[0]?.message).toBe('validation.amountTooLarge');
    expect(transactionSchema.safeParse({ ...transaction, amountCents: Number.NaN }).success).toBe(false);
  });

  it('refuses impossible and malformed dates', () => {
    for (const date of ['2026-02-29', '2026-13-01', '2026-04-31', '31/03/2026', '2026-3-1', '1969-12-31', '']) {
      expect(transactionSchema.safeParse({ ...transaction, date }).error?.issues[0]?.message, date).toBe('validation.invalidDate');
    }
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2100-02-29')).toBe(false);
  });

  it('requires a description and strips control characters', () => {
    expect(transactionSchema.safeParse({ ...transaction, description: '  \u0000 ' }).error?.issues[0]?.message).toBe('validation.missingDescription');
    expect(transactionSchema.parse({ ...transaction, description: 'Line\nbreak' }).description).toBe('Line break');
    expect(transactionSchema.safeParse({ ...transaction, description: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('validation.descriptionTooLong');
  });

  it('refuses unknown categories and unknown fields, including __proto__', () => {
    expect(transactionSchema.safeParse({ ...transaction, category: 'casino' }).error?.issues[0]?.message).toBe('validation.invalidCategory');
    expect(transactionSchema.safeParse({ ...transaction, extra: 1 }).success).toBe(false);
    expect(transactionSchema.safeParse(JSON.parse(`{"__proto__": {"blocked": true}, ${JSON.stringify(transaction).slice(1)}`)).success).toBe(false);
  });

  it('accepts only receipt keys inside the receipts folder', () => {
    const receipt = { key: `receipts/${companyId}/0b8e3a57-22a4-4c57-9d0f-8f6a7f5c1a99.pdf`, name: 'ticket.pdf', size: 2000, contentType: 'application/pdf' };
    expect(transactionSchema.parse({ ...transaction, receipt }).receipt).toEqual(receipt);
    expect(transactionSchema.safeParse({ ...transaction, receipt: { ...receipt, key: '../../etc/passwd' } }).success).toBe(false);
  });
});

describe('transaction form', () => {
  const form = {
    date: '2026-01-02',
    description: 'Client payment',
    amountCents: 50_000,
    accountKind: null,
    accountId: null,
    category: 'sales',
    merchant: null,
    note: 'Invoice 7',
  };

  it('accepts a transaction without an account', () => {
    expect(transactionFormSchema.parse(form)).toEqual(form);
  });

  it('requires account kind and id together', () => {
    expect(transactionFormSchema.safeParse({ ...form, accountKind: 'manual' }).error?.issues[0]?.path).toEqual(['accountId']);
  });
});

describe('imported row', () => {
  it('reports the missing description with its own key', () => {
    expect(checkImportedRow({ date: '2026-01-02', description: '', amountCents: 1, merchant: null })).toEqual({
      ok: false,
      problems: [{ field: 'description', code: 'validation.missingDescription' }],
    });
  });

  it('reports every field that is wrong, each with its key', () => {
    const checked = checkImportedRow({ date: '2026-02-30', description: 'x'.repeat(501), amountCents: 1.5, merchant: 'm'.repeat(121) });
    expect(checked.ok ? [] : checked.problems).toEqual([
      { field: 'date', code: 'validation.invalidDate' },
      { field: 'description', code: 'validation.descriptionTooLong' },
      { field: 'amountCents', code: 'validation.invalidAmount' },
      { field: 'merchant', code: 'validation.merchantTooLong' },
    ]);
  });

  it('gives the line as a transaction stores it: trimmed, control characters as spaces', () => {
    expect(checkImportedRow({ date: '2026-01-02', description: '  Pago\tcliente\u0000 ', amountCents: -1, merchant: ' ACME ' })).toEqual({
      ok: true,
      row: { date: '2026-01-02', description: 'Pago cliente', amountCents: -1, merchant: 'ACME' },
    });
  });
});

describe('manual account', () => {
  it('requires a name (SPEC §5)', () => {
    expect(manualAccountFormSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('validation.required');
    expect(manualAccountFormSchema.safeParse({}).error?.issues[0]?.message).toBe('validation.required');
    expect(manualAccountFormSchema.parse({ name: ' Chase checking ' })).toEqual({ name: 'Chase checking' });
  });
});

describe('categories', () => {
  it('has unique keys and maps every category to a tax line', () => {
    expect(new Set(categoryKeys).size).toBe(categories.length);
    expect(categories.filter((category) => category.taxLine === 'salaries').map((category) => category.key)).toEqual(['contractors', 'payroll']);
  });
});

describe('batch import', () => {
  const batch = {
    id: '1c9f2b7e-4f0a-4d9f-a0b1-2f3e4d5c6b7a',
    companyId,
    accountKind: 'manual',
    accountId: '5a0c1f0e-6a62-4d2f-8d43-9f1b8a4c2e10',
    fileName: 'extracto.csv',
    fileSize: 1234,
    status: 'completed',
    processedCount: 10,
    result: {
      code: 'imported',
      totalRows: 12,
      importedCount: 10,
      duplicateCount: 0,
      errorCount: 2,
      dateOrder: 'dmy',
      dateOrderAssumed: false,
      decimalSeparator: ',',
    },
    rowErrors: [{ line: 4, field: 'date', code: 'validation.invalidDate' }],
    createdAt: '2026-04-01T10:00:00.000Z',
    updatedAt: '2026-04-01T10:00:01.000Z',
  };

  it('accepts a finished import with its row errors', () => {
    expect(batchImportSchema.parse(batch)).toEqual(batch);
  });

  it('refuses unknown states and line numbers below 1', () => {
    expect(batchImportSchema.safeParse({ ...batch, status: 'done' }).success).toBe(false);
    expect(batchImportSchema.safeParse({ ...batch, rowErrors: [{ line: 0, field: 'date', code: 'validation.invalidDate' }] }).success).toBe(false);
  });

  it('never moves a finished import', () => {
    expect(canTransition('notStarted', 'processing')).toBe(true);
    expect(canTransition('processing', 'completed')).toBe(true);
    expect(canTransition('completed', 'processing')).toBe(false);
    expect(canTransition('cancelled', 'completed')).toBe(false);
  });
});
