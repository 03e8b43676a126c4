import type { CategoryKey } from '@domain/bookkeeping';
import type { CategoriserRule } from '@domain/bookkeeping';
import { categorise } from '../categorise';
import { normaliseDescription } from '../import-csv/fingerprint';
import { wordsOf, type CategoriserLine } from './features';
import { best, classIndex, NaiveBayes } from './model';

/**
 * The categoriser that learns, as the worker runs it: the person's own rules first
 * ("description contains X → category Y"), then the company's naive Bayes model with
 * today's keyword rules (`workers/categorise.ts`) as its prior, so a new company gets the
 * keyword suggestions and a company with history gets its own habits.
 */

/** A rule the person made from a correction: lines whose text contains `contains` get `category`. */
export type UserRule = CategoriserRule;

export interface Suggestion {
  category: CategoryKey;
  /** 0 to 1: the model's posterior, 1 for a person's rule. */
  confidence: number;
  source: 'rule' | 'model' | 'keywords';
}

/** How much the keyword rules' category is favoured, as a log-odds bonus (e^2 ≈ 7.4 times). */
export const keywordPriorWeight = 4;
/** The confidence shown for a keyword suggestion while the company's model has learnt nothing. */
export const keywordOnlyConfidence = 0.6;
/** A correction counts as this many checked transactions: the person just said so. */
export const correctionWeight = 3;

/** Normalises the text a rule looks for, as lines are normalised. */
export const ruleText = (text: string) => normaliseDescription(text);

/** What the model learnt a transaction as, and with what weight. */
export interface Learnt {
  category: CategoryKey;
  weight: number;
}

/**
 * What a company's model trains on: its checked, categorised transactions, and those whose
 * current category the person set on this device (`corrections`, by transaction id), checked
 * or not, weighted as a correction is.
 */
export function trainingSet<Row extends CategoriserLine & { id: string; category: CategoryKey | null; checked: boolean }>(
  rows: readonly Row[],
  corrections: ReadonlyMap<string, CategoryKey>,
): (Learnt & { id: string; line: Row })[] {
  const examples: (Learnt & { id: string; line: Row })[] = [];
  for (const row of rows) {
    if (row.category === null) continue;
    const corrected = corrections.get(row.id) === row.category;
    if (corrected || row.checked) examples.push({ id: row.id, line: row, category: row.category, weight: corrected ? correctionWeight : 1 });
  }
  return examples;
}

export class Categoriser {
  readonly model = new NaiveBayes();
  private rules: UserRule[] = [];

  /** Learns the company's checked transactions (see `trainingSet`). */
  train(examples: Iterable<{ line: CategoriserLine; category: CategoryKey; weight?: number }>): void {
    this.model.train(examples);
  }

  /** The person's rules, newest first wins. */
  setRules(rules: readonly UserRule[]): void {
    this.rules = [...rules].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  addRule(rule: UserRule): void {
    this.setRules([...this.rules, rule]);
  }

  /**
   * The person corrected a line's category: the model learns the new one (weighted), and
   * forgets what it had learnt the line as, if anything.
   */
  correct(line: CategoriserLine, category: CategoryKey, learnt: Learnt | null): void {
    if (learnt) this.model.learn(line, learnt.category, -learnt.weight);
    this.model.learn(line, category, correctionWeight);
  }

  /** The suggested category of a line and how sure it is; null when nothing fits. */
  suggest(line: CategoriserLine): Suggestion | null {
    if (this.rules.length > 0) {
      const text = normaliseDescription(`${line.merchant ?? ''} ${line.description}`);
      const padded = ` ${text} `;
      const rule = this.rules.find((candidate) => padded.includes(` ${candidate.contains} `));
      if (rule) return { category: rule.category, confidence: 1, source: 'rule' };
    }
    const prior = categorise(line).category;
    const evaluated = this.model.scores(line);
    // The model knows nothing of this line's words (a new company, a new kind of line): the keywords decide.
    if (!evaluated || (prior && evaluated.knownWords === 0)) return prior ? { category: prior, confidence: keywordOnlyConfidence, source: 'keywords' } : null;
    const { scores } = evaluated;
    if (prior) scores[classIndex.get(prior)!]! += keywordPriorWeight;
    const { category, confidence } = best(scores);
    return { category, confidence, source: 'model' };
  }
}

/** The words that identify a kind of line: its first three words without references ("uber trip", "pago proveedor el"). */
export const signatureOf = (line: Pick<CategoriserLine, 'description' | 'merchant'>) =>
  wordsOf({ description: line.description, merchant: null }).slice(0, 3).join(' ');

/**
 * "Apply to similar": the uncategorised lines like `line` — the same merchant, the same
 * signature, or most of the same words — to propose the category just chosen for it.
 */
export function similarLines<Line extends CategoriserLine & { id: string }>(line: CategoriserLine, candidates: readonly Line[]): Line[] {
  const signature = signatureOf(line);
  const words = new Set(wordsOf(line));
  const merchant = line.merchant ? normaliseDescription(line.merchant) : null;
  return candidates.filter((candidate) => {
    if (merchant && candidate.merchant && normaliseDescription(candidate.merchant) === merchant) return true;
    if (signature !== '' && signatureOf(candidate) === signature) return true;
    const other = new Set(wordsOf(candidate));
    let shared = 0;
    for (const word of other) if (words.has(word)) shared += 1;
    const union = words.size + other.size - shared;
    return union > 0 && shared / union >= 0.6;
  });
}
