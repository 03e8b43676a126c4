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
const maxEntropy = Math.log(classes.length);

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
  /** Each feature's weighted log-likelihood per category, as `scores` adds them; emptied when the model learns. */
  private readonly evidence = new Map<string, Float64Array>();

  /** How many examples (weighted) the model has learnt. */
  get size(): number {
    return this.examples;
  }

  /** Learns that `line` belongs to `category`; a negative weight unlearns it. */
  learn(line: CategoriserLine, category: CategoryKey, weight = 1): void {
    const index = classIndex.get(category)!;
    this.evidence.clear();
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
   * How much a feature says about the category, 0 to 1: one minus the entropy of the
   * categories it was seen with (each category's counts relative to its size), over the most
   * that entropy can be. Boilerplate every kind of line carries ("compra tarj", "pos debit",
   * a city) weighs next to nothing, a merchant's or a trade's word weighs fully, without a
   * list of bank words to keep up. Cached until the model learns again.
   */
  private informativeness(row: Float64Array): number {
    let total = 0;
    const shares = new Float64Array(classes.length);
    for (let c = 0; c < classes.length; c++) {
      shares[c] = Math.max(0, row[c]!) / (this.featureTotals[c]! + 1);
      total += shares[c]!;
    }
    if (total <= 0) return 0;
    let entropy = 0;
    for (let c = 0; c < classes.length; c++) {
      const share = shares[c]! / total;
      if (share > 0) entropy -= share * Math.log(share);
    }
    return 1 - entropy / maxEntropy;
  }

  /**
   * The categories' log scores for a line, and how much of it the model knows: its words seen
   * in training, and whether a keyword rule fits (with neither, the scores rest on the amount
   * alone); null while the model has learnt nothing.
   */
  scores(line: CategoriserLine): { scores: Float64Array; knownWords: number } | null {
    if (this.examples <= 0) return null;
    const scores = new Float64Array(classes.length);
    const totalDocs = this.examples + alpha * classes.length;
    for (let c = 0; c < classes.length; c++) scores[c] = Math.log((this.docs[c]! + alpha) / totalDocs);
    let knownWords = 0;
    for (const feature of featuresOf(line)) {
      const evidence = this.evidenceOf(feature);
      // A feature never seen in training says nothing about any category.
      if (!evidence) continue;
      if (feature.startsWith('w:') || feature.startsWith('l:') || (feature.startsWith('k:') && feature !== 'k:none')) knownWords += 1;
      for (let c = 0; c < classes.length; c++) scores[c]! += evidence[c]!;
    }
    return { scores, knownWords };
  }

  /** What a feature adds to each category's log score, computed once until the model learns again. */
  private evidenceOf(feature: string): Float64Array | undefined {
    const cached = this.evidence.get(feature);
    if (cached) return cached;
    const row = this.counts.get(feature);
    if (!row) return undefined;
    const vocabulary = this.counts.size + 1;
    // The money's direction and size are read as they are: every category has lines of some size.
    const weight = feature.startsWith('d:') || feature.startsWith('a:') ? 1 : this.informativeness(row);
    const evidence = new Float64Array(classes.length);
    for (let c = 0; c < classes.length; c++) evidence[c] = weight * (Math.log(row[c]! + alpha) - Math.log(this.featureTotals[c]! + alpha * vocabulary));
    this.evidence.set(feature, evidence);
    return evidence;
  }
}

/** The probability of category `index` from log scores softened by `temperature` (softmax). */
export function probability(scores: Float64Array, temperature: number, index: number): number {
  let top = scores[0]!;
  for (let c = 1; c < scores.length; c++) top = Math.max(top, scores[c]!);
  let sum = 0;
  for (let c = 0; c < scores.length; c++) sum += Math.exp((scores[c]! - top) / temperature);
  return Math.exp((scores[index]! - top) / temperature) / sum;
}

/** The best category of log scores and its probability at `temperature`. */
export function best(scores: Float64Array, temperature: number): Prediction {
  let top = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c]! > scores[top]!) top = c;
  return { category: classes[top]!, confidence: probability(scores, temperature, top), scores };
}

export { classIndex };
