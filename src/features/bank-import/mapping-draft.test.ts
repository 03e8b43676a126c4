import { describe, expect, it } from 'vitest';
import type { CsvPreview } from '@workers/import-csv/survey';
import { draftFromPreview, mappingFromDraft, missingRoles, roleOfColumn } from './mapping-draft';

const preview = (detected: CsvPreview['detected']): CsvPreview => ({
  format: 'csv',
  delimiter: ';',
  columnCount: 5,
  header: ['Data', 'Lançamento', 'Débito', 'Crédito', 'Saldo'],
  sample: [],
  detected,
  dateOrderAssumed: false,
  decimalAssumed: false,
  totalRows: 4,
});

describe('import mapping draft', () => {
  it('starts from the detected split debit/credit mapping and gives it back unchanged', () => {
    const detected = {
      map: { headerRow: 0, date: 0, description: 1, amount: { kind: 'split' as const, debit: 2, credit: 3 }, merchant: null },
      dateOrder: 'dmy' as const,
      decimalSeparator: ',' as const,
    };
    const draft = draftFromPreview(preview(detected), 'pt');
    expect(missingRoles(draft)).toEqual([]);
    expect(mappingFromDraft(draft, preview(detected))).toEqual(detected);
    expect([0, 1, 2, 3, 4].map((column) => roleOfColumn(draft, column))).toEqual(['date', 'description', 'debit', 'credit', null]);
  });

  it('without detection asks for every role and uses the formats of the language', () => {
    const draft = draftFromPreview(preview(null), 'en');
    expect(draft).toMatchObject({ dateOrder: 'mdy', decimalSeparator: '.' });
    expect(missingRoles(draft)).toEqual(['date', 'description', 'amount']);
    expect(mappingFromDraft(draft, preview(null))).toBeNull();
    const chosen = { ...draft, date: 0, description: 1, amount: 2 };
    expect(mappingFromDraft(chosen, preview(null))).toEqual({
      map: { headerRow: null, date: 0, description: 1, amount: { kind: 'signed', column: 2 }, merchant: null },
      dateOrder: 'mdy',
      decimalSeparator: '.',
    });
    expect(draftFromPreview(preview(null), 'es')).toMatchObject({ dateOrder: 'dmy', decimalSeparator: ',' });
  });

  it('a split amount needs at least one of debit and credit', () => {
    const draft = { ...draftFromPreview(preview(null), 'es'), date: 0, description: 1, amountKind: 'split' as const };
    expect(missingRoles(draft)).toEqual(['debit', 'credit']);
    expect(missingRoles({ ...draft, credit: 3 })).toEqual([]);
  });
});
