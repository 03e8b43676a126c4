import Papa from 'papaparse';
import { categorySchema, type CategoryKey } from '@domain/bookkeeping';
import type { CategoriserLine } from './features';

/** One labelled bank line of `tests/fixtures/categoriser/bank-lines.csv`. */
export interface LabelledLine {
  line: CategoriserLine;
  category: CategoryKey;
  language: string;
}

/** Reads the labelled dataset (description, merchant, amount, category, language) for the tests and the benchmark. */
export function parseLabelledLines(text: string): LabelledLine[] {
  const { data } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  return data.map((row) => ({
    line: { description: row.description!, merchant: row.merchant || null, amountCents: Math.round(Number(row.amount) * 100) },
    category: categorySchema.parse(row.category),
    language: row.language!,
  }));
}

/** A deterministic shuffle (mulberry32), so every run splits the dataset the same way. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
