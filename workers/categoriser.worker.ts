import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import { maxRuleTextLength, type CategoriserRule, type CategoryKey, type Transaction } from '@domain/bookkeeping';
import { AppDB } from '@sync/client/db';
import { Categoriser, ruleText, signatureOf, similarLines, type Suggestion } from './categoriser/categoriser';
import type { CategoriserLine } from './categoriser/features';

/**
 * The categoriser worker of one company: it trains the company's model from the checked,
 * categorised transactions on this device (Dexie, read here, off the main thread), then
 * answers suggestions, learns corrections and applies the person's (synced) rules.
 */
let state: { db: AppDB; companyId: string; categoriser: Categoriser } | null = null;

const current = () => {
  if (!state) throw new Error('categoriser not opened');
  return state;
};

/** A line the person categorised, and the category the model had learnt it with (if it was checked). */
export interface Correction {
  line: CategoriserLine;
  category: CategoryKey;
  learntAs: CategoryKey | null;
}

const lineOf = ({ description, merchant, amountCents }: Transaction): CategoriserLine => ({ description, merchant, amountCents });

const api = {
  /** Opens the user's database and trains on the company's checked transactions; how many it learnt and in how long. */
  async open(userId: string, companyId: string): Promise<{ learnt: number; ms: number }> {
    const started = performance.now();
    state?.db.close();
    const db = new AppDB(userId);
    const categoriser = new Categoriser();
    const rows = await db.transactions.where('companyId').equals(companyId).toArray();
    const checked = rows.filter((row) => row.checked && row.category !== null);
    categoriser.train(checked.map((row) => ({ line: lineOf(row), category: row.category! })));
    categoriser.setRules(await db.categoriserRules.where('companyId').equals(companyId).toArray());
    state = { db, companyId, categoriser };
    return { learnt: checked.length, ms: Math.round(performance.now() - started) };
  },

  /**
   * Suggestions for lines, in the same order (null where nothing fits). The company's rules
   * are read again first: they are synced, so one made on another device applies here too.
   */
  async suggest(lines: CategoriserLine[]): Promise<(Suggestion | null)[]> {
    const { db, companyId, categoriser } = current();
    categoriser.setRules(await db.categoriserRules.where('companyId').equals(companyId).toArray());
    return lines.map((line) => categoriser.suggest(line));
  },

  /**
   * The person set lines' categories (in the list, one or a thousand at once, or by accepting
   * a suggestion): learnt at once (`learntAs`: the category the model had learnt a line with,
   * if it was checked).
   */
  correct(corrections: Correction[]): void {
    const { categoriser } = current();
    for (const { line, category, learntAs } of corrections) categoriser.correct(line, category, learntAs);
  },

  /**
   * The rule "description contains `text` → `category`" (text normalised as lines are), in
   * use here at once; null when nothing is left of the text. The page stores it with the
   * `createCategoriserRule` mutation, which syncs it to the company's other devices.
   */
  makeRule(text: string, category: CategoryKey): CategoriserRule | null {
    const { companyId, categoriser } = current();
    const contains = ruleText(text).slice(0, maxRuleTextLength).trim();
    if (contains === '') return null;
    const rule = { id: crypto.randomUUID(), companyId, contains, category, createdAt: new Date().toISOString() };
    categoriser.addRule(rule);
    return rule;
  },

  /**
   * The ids of the company's uncategorised, editable transactions similar to `line` ("apply
   * to similar"), and the words a rule made from the line would look for.
   */
  async similar(line: CategoriserLine, exceptId: string): Promise<{ ids: string[]; signature: string }> {
    const { db, companyId } = current();
    const rows = await db.transactions.where('companyId').equals(companyId).filter((row) => row.category === null && !row.blocked && row.id !== exceptId).toArray();
    return { ids: similarLines(line, rows).map((row) => row.id), signature: signatureOf(line) };
  },
};

export type CategoriserWorker = typeof api;

Comlink.expose(api);
