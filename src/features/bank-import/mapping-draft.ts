import type { ColumnMap } from '@workers/import-csv/columns';
import type { DateOrder } from '@workers/import-csv/dates';
import type { DecimalSeparator } from '@domain/amounts';
import type { CsvPreview, ImportMapping } from '@workers/import-csv/survey';

/**
 * The mapping as the import dialog edits it: one column (or none) per role, the amount as
 * one signed column or separate debit and credit columns, and the two formats.
 */
export interface MappingDraft {
  date: number | null;
  description: number | null;
  merchant: number | null;
  amountKind: 'signed' | 'split';
  amount: number | null;
  debit: number | null;
  credit: number | null;
  dateOrder: DateOrder;
  decimalSeparator: DecimalSeparator;
}

export type MappingRole = 'date' | 'description' | 'merchant' | 'amount' | 'debit' | 'credit';

/** The draft the dialog starts from: what the worker detected, else nothing chosen and the language's formats. */
export function draftFromPreview(preview: CsvPreview, language: 'es' | 'en' | 'pt'): MappingDraft {
  const detected = preview.detected;
  if (!detected) {
    return {
      date: null,
      description: null,
      merchant: null,
      amountKind: 'signed',
      amount: null,
      debit: null,
      credit: null,
      dateOrder: language === 'en' ? 'mdy' : 'dmy',
      decimalSeparator: language === 'en' ? '.' : ',',
    };
  }
  const { map } = detected;
  return {
    date: map.date,
    description: map.description,
    merchant: map.merchant,
    amountKind: map.amount.kind,
    amount: map.amount.kind === 'signed' ? map.amount.column : null,
    debit: map.amount.kind === 'split' ? map.amount.debit : null,
    credit: map.amount.kind === 'split' ? map.amount.credit : null,
    dateOrder: detected.dateOrder,
    decimalSeparator: detected.decimalSeparator,
  };
}

/** What is missing before the draft can import: the i18n keys of the roles still to choose. */
export function missingRoles(draft: MappingDraft): MappingRole[] {
  const missing: MappingRole[] = [];
  if (draft.date === null) missing.push('date');
  if (draft.description === null) missing.push('description');
  if (draft.amountKind === 'signed' && draft.amount === null) missing.push('amount');
  if (draft.amountKind === 'split' && draft.debit === null && draft.credit === null) missing.push('debit', 'credit');
  return missing;
}

/** The draft as the worker's mapping; null while a role is missing. The header row stays the detected one. */
export function mappingFromDraft(draft: MappingDraft, preview: CsvPreview): ImportMapping | null {
  if (missingRoles(draft).length > 0) return null;
  const amount: ColumnMap['amount'] =
    draft.amountKind === 'signed' ? { kind: 'signed', column: draft.amount! } : { kind: 'split', debit: draft.debit, credit: draft.credit };
  const map: ColumnMap = {
    headerRow: preview.detected?.map.headerRow ?? null,
    date: draft.date!,
    description: draft.description!,
    amount,
    merchant: draft.merchant,
  };
  return { map, dateOrder: draft.dateOrder, decimalSeparator: draft.decimalSeparator };
}

/** The role a column has in the draft (for the preview's column badges); null when ignored. */
export function roleOfColumn(draft: MappingDraft, column: number): MappingRole | null {
  const roles: MappingRole[] = ['date', 'description', 'merchant'];
  for (const role of roles) if (draft[role] === column) return role;
  if (draft.amountKind === 'signed') return draft.amount === column ? 'amount' : null;
  if (draft.debit === column) return 'debit';
  if (draft.credit === column) return 'credit';
  return null;
}
