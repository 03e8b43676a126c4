import { categorise } from '../categorise';
import { normaliseDescription } from '../import-csv/fingerprint';
import { lexiconCategories } from './lexicon';

/** What the categoriser reads of a bank line. */
export interface CategoriserLine {
  description: string;
  merchant: string | null;
  amountCents: number;
}

/** The line's words without references: tokens holding three or more digits (card, invoice and transfer numbers) say nothing of the category. */
export function wordsOf(line: Pick<CategoriserLine, 'description' | 'merchant'>): string[] {
  const text = normaliseDescription(`${line.merchant ?? ''} ${line.description}`);
  return text.split(' ').filter((word) => word !== '' && (word.match(/\d/g)?.length ?? 0) < 3);
}

/** The size of an amount in dollars as a power of ten: 0 under $10, 1 under $100, … up to 5. */
export const amountBucket = (amountCents: number) => Math.min(5, Math.max(0, Math.floor(Math.log10(Math.max(1, Math.abs(amountCents) / 100)))));

/**
 * The features of a line for the model: its words and word pairs, the character 3-grams of
 * its longer words (so `papeleria` and `papelaria`, `aluguel` and `alquiler` share
 * evidence across es, pt and en and across bank spellings), the direction of the money and
 * the size of the amount with its direction.
 */
/** How many times the keyword rules' verdict counts among a line's features. */
const keywordRepeats = 3;
const lexiconRepeats = 8;

export function featuresOf(line: CategoriserLine): string[] {
  const words = wordsOf(line);
  const features: string[] = [];
  words.forEach((word, index) => {
    features.push(`w:${word}`);
    if (index > 0) features.push(`b:${words[index - 1]} ${word}`);
    if (word.length >= 4) {
      const marked = `^${word}$`;
      for (let start = 0; start + 3 <= marked.length; start++) features.push(`c:${marked.slice(start, start + 3)}`);
    }
  });
  const direction = line.amountCents < 0 ? 'out' : 'in';
  features.push(`d:${direction}`, `a:${direction}${amountBucket(line.amountCents)}`);
  // The keyword rules' verdict and the lexicon's categories, as evidence the model weighs by how often it was right.
  const keyword = categorise(line).category;
  for (let repeat = 0; repeat < keywordRepeats; repeat++) features.push(`k:${keyword ?? 'none'}`);
  for (const category of lexiconCategories(words)) for (let repeat = 0; repeat < lexiconRepeats; repeat++) features.push(`l:${category}`);
  return features;
}
