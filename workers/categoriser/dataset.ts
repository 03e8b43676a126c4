import type { CategoryKey } from '@domain/bookkeeping';
import type { CategoriserLine } from './features';

/**
 * One labelled bank line as `scripts/generate-categoriser-lines.ts` writes it: description,
 * merchant, amount in dollars, category, language, and the group (merchant or narrative) it was
 * made from. Tuples keep the shipped file small.
 */
export type LabelledRow = [description: string, merchant: string | null, amount: number, category: CategoryKey, language: string, group: string];

/** A labelled line as the model and the benchmark read it. */
export interface LabelledLine {
  line: CategoriserLine;
  category: CategoryKey;
  language: string;
  group: string;
}

export const labelledLines = (rows: readonly LabelledRow[]): LabelledLine[] =>
  rows.map(([description, merchant, amount, category, language, group]) => ({
    line: { description, merchant, amountCents: Math.round(amount * 100) },
    category,
    language,
    group,
  }));
