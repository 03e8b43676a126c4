import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { Transaction } from '@domain/bookkeeping';
import { acceptAllThreshold } from '@domain/categoriser-confidence';
import type { CategoriserApi } from '@src/features/categoriser/use-categoriser';
import { noAnswerYet, suggestionsChanged, useRowSuggestions, type RowSuggestion } from '@src/features/categoriser/use-row-suggestions';
import type { TransactionSnapshot } from '../db/transaction-store';
import type { useBookkeepingActions } from './use-bookkeeping-actions';
import { uncategorisedCount } from '../filter-engine';
import { readOnlyReason } from '../read-only';

/**
 * The categoriser's suggestions on the list (decision 066): one per uncategorised row, shown
 * in its category cell; accepted on the given rows (the A key: the selection or the active
 * row), or on every shown row at `threshold` or more ("accept all above N %"), each as one
 * undoable change that the model learns. `looking` while the worker has yet to answer for
 * rows that wait for a category (or rows not read yet).
 */
export function useCategorySuggestions(
  categoriser: CategoriserApi,
  snapshot: TransactionSnapshot,
  order: Uint32Array,
  lockedYears: ReadonlySet<number>,
  actions: Pick<ReturnType<typeof useBookkeepingActions>, 'categoriseEach'>,
) {
  const uncategorised = useMemo(() => uncategorisedCount(snapshot.rows), [snapshot]);
  const suggestions = useRowSuggestions(categoriser, uncategorised);
  const [threshold, setThreshold] = useState(acceptAllThreshold);
  const { categoriseEach } = actions;

  const accept = useCallback(
    (rows: readonly Transaction[]) => {
      const suggested = rows.filter((row) => row.category === null && suggestions.has(row.id));
      if (suggested.length > 0) void categoriseEach(suggested, (row) => suggestions.get(row.id)!.category);
    },
    [categoriseEach, suggestions],
  );

  // The shown rows with a suggestion at `threshold` or more, behind the filter's own render: a
  // filter change paints the list first, then counts its shown rows against the marks.
  const marked = useRef<Marked | null>(null);
  const marks = useMemo(() => {
    marked.current = markAcceptable(snapshot, suggestions, threshold, lockedYears, marked.current);
    return marked.current.marks;
  }, [snapshot, suggestions, threshold, lockedYears]);
  const deferredOrder = useDeferredValue(order);
  const above = useMemo(() => {
    let count = 0;
    // The deferred order may still be that of fewer rows than the marks: past the end is unmarked.
    for (let i = 0; i < deferredOrder.length; i++) if (marks[deferredOrder[i]!] === 1) count++;
    return count;
  }, [marks, deferredOrder]);

  const acceptAbove = useCallback(() => {
    const rows: Transaction[] = [];
    for (const index of deferredOrder) if (marks[index] === 1) rows.push(snapshot.rows[index]!);
    accept(rows);
  }, [accept, marks, deferredOrder, snapshot]);

  // The worker has not answered yet (it opens and trains as the list first paints) and rows wait
  // for a category, or are still being read: the bar says so in its place, so that its answer
  // does not push the list down.
  const looking = suggestions === noAnswerYet && (uncategorised > 0 || !snapshot.loaded);

  return { suggestions, looking, accept, threshold, setThreshold, above, acceptAbove };
}

/** What `markAcceptable` marked, and from what. */
export interface Marked {
  snapshot: TransactionSnapshot;
  suggestions: ReadonlyMap<string, RowSuggestion>;
  threshold: number;
  lockedYears: ReadonlySet<number>;
  marks: Uint8Array;
}

/**
 * 1 at each position whose row "accept all above" would change: uncategorised, not read-only,
 * with a suggestion at `threshold` or more. A filter change then counts its shown rows against
 * these marks instead of walking every suggestion (20 to 55 ms at each change while sync
 * drained an import). From `previous`, the rest the same, only what changed is marked again:
 * - after an edit in place (`changed`, the snapshot right after `previous`'s), the rows it
 *   changed;
 * - after a merge (`sourceOf`, likewise), the rows it added or edited; the others keep their
 *   marks at their new places;
 * - after an answer of the categoriser that only added or changed suggestions, their rows.
 */
export function markAcceptable(
  snapshot: TransactionSnapshot,
  suggestions: ReadonlyMap<string, RowSuggestion>,
  threshold: number,
  lockedYears: ReadonlySet<number>,
  previous: Marked | null,
): Marked {
  const open = (index: number) => {
    const row = snapshot.rows[index]!;
    return row.category === null && readOnlyReason(row, lockedYears) === null ? 1 : 0;
  };
  const mark = (index: number) => ((suggestions.get(snapshot.rows[index]!.id)?.confidence ?? -1) >= threshold ? open(index) : 0);
  const kept = previous !== null && previous.threshold === threshold && previous.lockedYears === lockedYears;
  const follows = kept && previous.suggestions === suggestions && snapshot.version === previous.snapshot.version + 1;
  const newSuggestions = kept && previous.snapshot === snapshot ? suggestionsChanged(previous.suggestions, suggestions) : null;
  let marks: Uint8Array;
  if (follows && snapshot.changed) {
    marks = previous.marks.slice();
    for (const index of snapshot.changed) marks[index] = mark(index);
  } else if (follows && snapshot.sourceOf) {
    marks = new Uint8Array(snapshot.rows.length);
    for (let index = 0; index < marks.length; index++) {
      const from = snapshot.sourceOf[index]!;
      marks[index] = from >= 0 ? previous.marks[from]! : mark(index);
    }
  } else if (newSuggestions) {
    marks = previous!.marks.slice();
    for (const id of newSuggestions) {
      const index = snapshot.byId.get(id);
      if (index !== undefined) marks[index] = mark(index);
    }
  } else {
    marks = new Uint8Array(snapshot.rows.length);
    for (const [id, { confidence }] of suggestions) {
      if (confidence < threshold) continue;
      const index = snapshot.byId.get(id);
      if (index !== undefined) marks[index] = open(index);
    }
  }
  return { snapshot, suggestions, threshold, lockedYears, marks };
}
