import { useEffect, useState } from 'react';
import { categoryKeys, type CategoryKey } from '@domain/bookkeeping-terms';
import type { PackedSuggestions } from '@workers/categoriser.worker';
import type { CategoriserApi } from './use-categoriser';

/** The categoriser's suggestion for one row: a category and the probability that it is right. */
export interface RowSuggestion {
  category: CategoryKey;
  confidence: number;
}

/** Asked again this long after the last change, so a burst of edits or an accept-all costs one pass of the worker. */
const settleMs = 250;

/** The suggestions before the worker's first answer: none yet, which is not an answer of none. */
export const noAnswerYet: ReadonlyMap<string, RowSuggestion> = new Map();

/**
 * The worker's packed suggestions as a map by id, each unchanged suggestion (the same category,
 * the same percent shown) keeping its object from `previous`: the list's rows are memoised on
 * it, so a new answer redraws only the rows whose suggestion changed.
 */
export function mergeSuggestions(previous: ReadonlyMap<string, RowSuggestion>, packed: PackedSuggestions): ReadonlyMap<string, RowSuggestion> {
  const next = new Map<string, RowSuggestion>();
  const changed: string[] = [];
  let kept = 0;
  packed.ids.forEach((id, index) => {
    const category = categoryKeys[packed.categories[index]!]!;
    const confidence = packed.confidences[index]!;
    const before = previous.get(id);
    if (before) kept++;
    if (before && before.category === category && Math.abs(before.confidence - confidence) < 0.005) next.set(id, before);
    else {
      next.set(id, { category, confidence });
      changed.push(id);
    }
  });
  if (kept === previous.size) changedFrom.set(next, { previous, changed });
  return next;
}

/** What `mergeSuggestions` changed, for the answers that dropped no suggestion. */
const changedFrom = new WeakMap<ReadonlyMap<string, RowSuggestion>, { previous: ReadonlyMap<string, RowSuggestion>; changed: readonly string[] }>();

/**
 * The ids whose suggestion is new or changed in `next`, merged from `previous` without dropping
 * any of its suggestions; null otherwise (compare them all). While an import drains, each answer
 * adds the new rows' suggestions to tens of thousands kept.
 */
export function suggestionsChanged(previous: ReadonlyMap<string, RowSuggestion>, next: ReadonlyMap<string, RowSuggestion>): readonly string[] | null {
  const change = changedFrom.get(next);
  return change && change.previous === previous ? change.changed : null;
}

/**
 * The suggestions for the company's uncategorised transactions, by id, computed in the
 * categoriser's worker: asked again after the model learns and when `uncategorised` (how many
 * rows lack a category) changes. A row whose suggestion did not change keeps the same object,
 * so only the rows whose suggestion changed are drawn again (the list's rows are memoised).
 * `noAnswerYet` until the worker first answers.
 */
export function useRowSuggestions(categoriser: CategoriserApi, uncategorised: number): ReadonlyMap<string, RowSuggestion> {
  const [suggestions, setSuggestions] = useState(noAnswerYet);
  const { ready, suggestions: ask } = categoriser;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      void ask()
        .then((packed) => {
          if (!live || !packed) return;
          setSuggestions((previous) => mergeSuggestions(previous, packed));
        })
        .catch((error) => console.error('the categoriser could not suggest', error));
    }, settleMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ready, ask, uncategorised]);
  return suggestions;
}
