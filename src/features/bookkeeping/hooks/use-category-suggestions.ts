import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { Transaction } from '@domain/bookkeeping';
import { acceptAllThreshold } from '@domain/categoriser-confidence';
import type { CategoriserApi } from '@src/features/categoriser/use-categoriser';
import { useRowSuggestions } from '@src/features/categoriser/use-row-suggestions';
import type { TransactionSnapshot } from '../db/transaction-store';
import type { useBookkeepingActions } from './use-bookkeeping-actions';
import { readOnlyReason } from '../read-only';

/**
 * The categoriser's suggestions on the list (decision 066): one per uncategorised row, shown
 * in its category cell; accepted on the given rows (the A key: the selection or the active
 * row), or on every shown row at `threshold` or more ("accept all above N %"), each as one
 * undoable change that the model learns.
 */
export function useCategorySuggestions(
  categoriser: CategoriserApi,
  snapshot: TransactionSnapshot,
  order: Uint32Array,
  lockedYears: ReadonlySet<number>,
  actions: Pick<ReturnType<typeof useBookkeepingActions>, 'categoriseEach'>,
) {
  const uncategorised = useMemo(() => snapshot.rows.reduce((count, row) => count + (row.category === null ? 1 : 0), 0), [snapshot]);
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

  // The shown rows with a suggestion at `threshold` or more. Counted from the suggestions (a
  // bitmap marks the shown rows), and behind the filter's own render: a filter change paints
  // the list first.
  const deferredOrder = useDeferredValue(order);
  const above = useMemo(() => {
    if (suggestions.size === 0) return [];
    const shown = new Uint8Array(snapshot.rows.length);
    for (const index of deferredOrder) shown[index] = 1;
    const rows: Transaction[] = [];
    for (const [id, suggestion] of suggestions) {
      const index = snapshot.byId.get(id);
      if (index === undefined || !shown[index] || suggestion.confidence < threshold) continue;
      const row = snapshot.rows[index]!;
      if (row.category === null && readOnlyReason(row, lockedYears) === null) rows.push(row);
    }
    return rows;
  }, [suggestions, snapshot, deferredOrder, threshold, lockedYears]);

  const acceptAbove = useCallback(() => accept(above), [accept, above]);

  return { suggestions, accept, threshold, setThreshold, above: above.length, acceptAbove };
}
