import type { CategoryKey } from '@domain/bookkeeping';
import type { CategoriserRule } from '@domain/bookkeeping';
import { suggestionThreshold } from '@domain/categoriser-confidence';
import { normaliseDescription } from '../import-csv/fingerprint';
import type { CategoriserLine } from './features';
import { best, classIndex, NaiveBayes, probability } from './model';

/**
 * The categoriser that learns, as the worker runs it: the person's own rules first
 * ("description contains X → category Y"), then a naive Bayes model that starts from Alta's
 * labelled es/en/pt bank lines (`base-lines.json`, decision 066) and learns the company's
 * checked transactions and corrections on top. The keyword rules (`workers/categorise.ts`)
 * are one of its features, weighed by how often they were right. Its confidence is a
 * probability: the model's scores are softened by a temperature fitted on lines it did not
 * learn, so that of the suggestions said to be 80 % sure, about 80 % are right.
 */

/** A rule the person made from a correction: lines whose text contains `contains` get `category`. */
export type UserRule = CategoriserRule;

export interface Suggestion {
  category: CategoryKey;
  /** The probability that the category is right, 0 to 1; 1 for a person's rule. */
  confidence: number;
  source: 'rule' | 'model';
}

/** A correction counts as this many checked transactions: the person just said so. */
export const correctionWeight = 3;

/** The temperatures tried when fitting the confidence: 0.25 to about 35, each 10 % above the last. */
const temperatures = Array.from({ length: 53 }, (_, index) => 0.25 * 1.1 ** index);

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

type Example = { line: CategoriserLine; category: CategoryKey; weight?: number };

export class Categoriser {
  readonly model = new NaiveBayes();
  /** Divides the model's log scores before they become probabilities (see `calibrate`). */
  temperature = 1;
  private rules: UserRule[] = [];

  /** Learns labelled lines: Alta's base lines, then the company's checked transactions (see `trainingSet`). */
  train(examples: Iterable<Example>): void {
    this.model.train(examples);
  }

  /**
   * Fits the temperature on the scores of labelled lines the model did not learn: the one that
   * makes their categories likeliest (least negative log-likelihood), which is what makes a
   * stated confidence match how often it is right (temperature scaling, Guo et al. 2017).
   */
  calibrate(scored: readonly { scores: Float64Array; category: CategoryKey }[]): void {
    let bestLoss = Infinity;
    for (const temperature of temperatures) {
      let loss = 0;
      for (const { scores, category } of scored) loss -= Math.log(Math.max(1e-12, probability(scores, temperature, classIndex.get(category)!)));
      if (loss < bestLoss) [bestLoss, this.temperature] = [loss, temperature];
    }
  }

  /** The person's rules, newest first wins. */
  setRules(rules: readonly UserRule[]): void {
    this.rules = [...rules].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** A rule just made: it wins over the older ones. */
  addRule(rule: UserRule): void {
    this.setRules([rule, ...this.rules]);
  }

  /**
   * The person corrected a line's category: the model learns the new one (weighted), and
   * forgets what it had learnt the line as, if anything.
   */
  correct(line: CategoriserLine, category: CategoryKey, learnt: Learnt | null): void {
    if (learnt) this.model.learn(line, learnt.category, -learnt.weight);
    this.model.learn(line, category, correctionWeight);
  }

  /**
   * The likeliest category of a line and the probability that it is right, however low (the
   * benchmark measures every line); null when the model knows none of its words and no
   * keyword fits. `suggest` keeps only what is sure enough to show.
   */
  predict(line: CategoriserLine): Suggestion | null {
    if (this.rules.length > 0) {
      const text = normaliseDescription(`${line.merchant ?? ''} ${line.description}`);
      const padded = ` ${text} `;
      const rule = this.rules.find((candidate) => padded.includes(` ${candidate.contains} `));
      if (rule) return { category: rule.category, confidence: 1, source: 'rule' };
    }
    const evaluated = this.model.scores(line);
    if (!evaluated || evaluated.knownWords === 0) return null;
    const { category, confidence } = best(evaluated.scores, this.temperature);
    return { category, confidence, source: 'model' };
  }

  /** The suggestion shown for a line: the prediction when it is at least `suggestionThreshold` sure. */
  suggest(line: CategoriserLine): Suggestion | null {
    const prediction = this.predict(line);
    return prediction && prediction.confidence >= suggestionThreshold ? prediction : null;
  }
}
