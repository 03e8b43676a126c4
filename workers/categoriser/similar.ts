import { maxRuleTextLength, type CategoriserRule, type CategoryKey } from '@domain/bookkeeping';
import { normaliseDescription } from '../import-csv/fingerprint';
import { wordsOf, type CategoriserLine } from './features';

/**
 * What follows a correction (issue 10 §7): the uncategorised lines like the one just
 * categorised ("apply to similar"), and the rule "description contains X → category Y"
 * the person can make from it.
 */

/** A line's words without numbers alone (a reference, a store or invoice number: "northwind partners 88" is "northwind partners"). */
const wordsWithoutNumbers = (line: Pick<CategoriserLine, 'description' | 'merchant'>) => wordsOf(line).filter((word) => !/^\d+$/.test(word));

/** The words that identify a kind of line: its first three words without references ("uber trip", "pago proveedor el"). */
export const signatureOf = (line: Pick<CategoriserLine, 'description' | 'merchant'>) =>
  wordsWithoutNumbers({ description: line.description, merchant: null }).slice(0, 3).join(' ');

/** The lines like `line`: the same merchant, the same signature, or most of the same words (Jaccard ≥ 0.6). */
export function similarLines<Line extends CategoriserLine & { id: string }>(line: CategoriserLine, candidates: readonly Line[]): Line[] {
  const signature = signatureOf(line);
  const words = new Set(wordsWithoutNumbers(line));
  const merchant = line.merchant ? normaliseDescription(line.merchant) : null;
  return candidates.filter((candidate) => {
    if (merchant && candidate.merchant && normaliseDescription(candidate.merchant) === merchant) return true;
    if (signature !== '' && signatureOf(candidate) === signature) return true;
    const other = new Set(wordsWithoutNumbers(candidate));
    let shared = 0;
    for (const word of other) if (words.has(word)) shared += 1;
    const union = words.size + other.size - shared;
    return union > 0 && shared / union >= 0.6;
  });
}

/** The rule "description contains `text` → `category`", its text normalised as lines are (whole words); null when nothing is left of it. */
export function ruleFrom(text: string, category: CategoryKey, companyId: string): CategoriserRule | null {
  const contains = normaliseDescription(text).slice(0, maxRuleTextLength).trim();
  return contains === '' ? null : { id: crypto.randomUUID(), companyId, contains, category, createdAt: new Date().toISOString() };
}
