import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import { categoryKeys, type CategoriserRule, type CategoryKey } from '@domain/bookkeeping';
import { AppDB } from '@sync/client/db';
import { baseCategoriser } from './categoriser/base';
import { correctionWeight, trainingSet, type Categoriser, type Learnt } from './categoriser/categoriser';
import type { CategoriserLine } from './categoriser/features';
import { ruleFrom, signatureOf, similarLines } from './categoriser/similar';

/**
 * The categoriser worker of one company: it trains the company's model from the checked,
 * categorised transactions on this device and the categories the person set here (Dexie,
 * read here, off the main thread), then answers suggestions, learns corrections and applies
 * the person's (synced) rules. `learnt`: what the model learnt each transaction as.
 */
let state: { db: AppDB; companyId: string; categoriser: Categoriser; learnt: Map<string, Learnt> } | null = null;

const current = () => {
  if (!state) throw new Error('categoriser not opened');
  return state;
};

/** Suggestions in parallel arrays: transaction ids, category indexes (in `categoryKeys`) and confidences (0 to 1). */
export interface PackedSuggestions {
  ids: string[];
  categories: Uint8Array;
  confidences: Float32Array;
}

/** A transaction's line the person categorised. */
export interface Correction {
  id: string;
  line: CategoriserLine;
  category: CategoryKey;
}

const api = {
  /**
   * Opens the user's database and trains the company's model: Alta's labelled lines first
   * (decision 066), then the company's (see `trainingSet`); how many of the company's
   * transactions it learnt and in how long.
   */
  async open(userId: string, companyId: string): Promise<{ learnt: number; ms: number }> {
    const started = performance.now();
    state?.db.close();
    const db = new AppDB(userId);
    const categoriser = baseCategoriser();
    const [rows, corrections] = await Promise.all([
      db.transactions.where('companyId').equals(companyId).toArray(),
      db.categoriserCorrections.where('companyId').equals(companyId).toArray(),
    ]);
    const examples = trainingSet(rows, new Map(corrections.map((correction) => [correction.id, correction.category])));
    categoriser.train(examples);
    categoriser.setRules(await db.categoriserRules.where('companyId').equals(companyId).toArray());
    state = { db, companyId, categoriser, learnt: new Map(examples.map(({ id, category, weight }) => [id, { category, weight }])) };
    return { learnt: examples.length, ms: Math.round(performance.now() - started) };
  },

  /**
   * The suggestions for the company's uncategorised, unblocked transactions on this device, at
   * `suggestionThreshold` or more, read from Dexie here (not sent from the page: 50,000 lines
   * would be copied on the main thread). Packed as typed arrays, transferred rather than
   * copied: the page builds its map of suggestions from them. The company's rules are read
   * again first: they are synced, so one made on another device applies here too.
   */
  async suggestions(): Promise<PackedSuggestions> {
    const { db, companyId, categoriser } = current();
    const [rules, rows] = await Promise.all([
      db.categoriserRules.where('companyId').equals(companyId).toArray(),
      db.transactions
        .where('companyId')
        .equals(companyId)
        .filter((row) => row.category === null && !row.blocked)
        .toArray(),
    ]);
    categoriser.setRules(rules);
    const ids: string[] = [];
    const categories: number[] = [];
    const confidences: number[] = [];
    for (const row of rows) {
      const suggestion = categoriser.suggest(row);
      if (!suggestion) continue;
      ids.push(row.id);
      categories.push(categoryKeys.indexOf(suggestion.category));
      confidences.push(suggestion.confidence);
    }
    const packed = { ids, categories: Uint8Array.from(categories), confidences: Float32Array.from(confidences) };
    return Comlink.transfer(packed, [packed.categories.buffer, packed.confidences.buffer]);
  },

  /**
   * The person set transactions' categories (in the list, one or a thousand at once, or by
   * accepting a suggestion): learnt at once, in place of what the model had learnt them as.
   */
  correct(corrections: Correction[]): void {
    const { categoriser, learnt } = current();
    for (const { id, line, category } of corrections) {
      categoriser.correct(line, category, learnt.get(id) ?? null);
      learnt.set(id, { category, weight: correctionWeight });
    }
  },

  /**
   * The company's uncategorised, unblocked transactions like `line` ("apply to similar"), and
   * the words a rule made from the line would look for.
   */
  async similar(line: CategoriserLine, exceptId: string): Promise<{ ids: string[]; signature: string }> {
    const { db, companyId } = current();
    const rows = await db.transactions
      .where('companyId')
      .equals(companyId)
      .filter((row) => row.category === null && !row.blocked && row.id !== exceptId)
      .toArray();
    return { ids: similarLines(line, rows).map((row) => row.id), signature: signatureOf(line) };
  },

  /**
   * The rule "description contains `text` → `category`", applied here at once; the page
   * stores it with the `createCategoriserRule` mutation, which syncs it to the company's other devices.
   */
  makeRule(text: string, category: CategoryKey): CategoriserRule | null {
    const { companyId, categoriser } = current();
    const rule = ruleFrom(text, category, companyId);
    if (rule) categoriser.addRule(rule);
    return rule;
  },
};

export type CategoriserWorker = typeof api;

Comlink.expose(api);
