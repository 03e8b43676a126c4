import { categoryKeys, type CategoryKey } from '@domain/bookkeeping';
import { featuresOf, type CategoriserLine } from './features';

/**
 * A multinomial naive Bayes classifier over the features of `features.ts`, one per company,
 * trained on the company's own checked transactions and updated one example at a time (a
 * correction adds the new label and, when the line was learnt before, takes the old one
 * back). Counts are kept per feature as one array over the categories, so a prediction
 * is one map lookup per feature.
 */

const classes = categoryKeys;
const classIndex = new Map<CategoryKey, number>(classes.map((key, index) => [key, index]));
/** Laplace smoothing. */
const alpha = 0.5;

export interface Prediction {
  category: CategoryKey;
  /** The posterior probability of the category, 0 to 1. */
  confidence: number;
  /** Every category's log score (unnormalised), for combining with other evidence. */
  scores: Float64Array;
}

export class NaiveBayes {
  private readonly counts = new Map<string, Float64Array>();
  private readonly docs = new Float64Array(classes.length);
  private readonly featureTotals = new Float64Array(classes.length);
  private examples = 0;

  /** How many examples (weighted) the model has learnt. */
  get size(): number {
    return this.examples;
  }

  /** Learns that `line` belongs to `category`; a negative weight unlearns it. */
  learn(line: CategoriserLine, category: CategoryKey, weight = 1): void {
    const index = classIndex.get(category)!;
    this.docs[index]! += weight;
    this.examples += weight;
    for (const feature of featuresOf(line)) {
      let row = this.counts.get(feature);
      if (!row) this.counts.set(feature, (row = new Float64Array(classes.length)));
      row[index]! += weight;
      this.featureTotals[index]! += weight;
      // A feature only an unlearnt example had leaves the vocabulary again.
      if (weight < 0 && row.every((count) => Math.abs(count) < 1e-9)) this.counts.delete(feature);
    }
  }

  /** Learns many examples at once (a company's checked transactions). */
  train(examples: Iterable<{ line: CategoriserLine; category: CategoryKey; weight?: number }>): void {
    for (const { line, category, weight } of examples) this.learn(line, category, weight);
  }

  /**
   * The categories' log scores for a line, and how many of its words the model has seen
   * (with none, the scores rest on the amount alone); null while the model has learnt nothing.
   */
  scores(line: CategoriserLine): { scores: Float64Array; knownWords: number } | null {
    if (this.examples <= 0) return null;
    const vocabulary = this.counts.size + 1;
    const scores = new Float64Array(classes.length);
    const denominators = new Float64Array(classes.length);
    const totalDocs = this.examples + alpha * classes.length;
    for (let c = 0; c < classes.length; c++) {
      scores[c] = Math.log((this.docs[c]! + alpha) / totalDocs);
      denominators[c] = Math.log(this.featureTotals[c]! + alpha * vocabulary);
    }
    let knownWords = 0;
    for (const feature of featuresOf(line)) {
      const row = this.counts.get(feature);
      // A feature never seen in training says nothing about any category.
      if (!row) continue;
      if (feature.startsWith('w:')) knownWords += 1;
      for (let c = 0; c < classes.length; c++) scores[c]! += Math.log(row[c]! + alpha) - denominators[c]!;
    }
    return { scores, knownWords };
  }
}

/** The best category of log scores and its posterior probability (softmax). */
export function best(scores: Float64Array): Prediction {
  let top = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c]! > scores[top]!) top = c;
  let sum = 0;
  for (let c = 0; c < scores.length; c++) sum += Math.exp(scores[c]! - scores[top]!);
  return { category: classes[top]!, confidence: 1 / sum, scores };
}

export { classIndex };
