import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import { currentUserDatabase } from '@sync/client/db';
import { isMutationRejection } from '@sync/refusals';
import type { MutatorArgs, MutatorName } from '@sync/mutators';
import { useToast } from '@src/components/toast/toast-provider';
import { syncEngine } from '@src/features/sync/sync-engine';
import { readOnlyReason } from '../read-only';

/** Ids per bulk mutation: ~40 KB of arguments, well under the protocol's limit per mutation. */
const chunkSize = 1000;

export type ActionKind = 'category' | 'checked' | 'merchant' | 'note' | 'delete' | 'create' | 'receipt' | 'restore';

/** The last change made on this screen and how to take it back. */
export interface LastAction {
  kind: ActionKind;
  count: number;
  undo(): Promise<void>;
}

const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / chunkSize) }, (_, index) => list.slice(index * chunkSize, (index + 1) * chunkSize));

function groupBy<K>(rows: readonly Transaction[], key: (row: Transaction) => K): Map<K, string[]> {
  const groups = new Map<K, string[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row.id]);
  return groups;
}

/**
 * Every bookkeeping edit as a sync mutation: applied on this device at once, queued for
 * the server. Blocked transactions and those of a declared year are left out (and said so); a refusal is explained in
 * the user's language. Each action remembers its inverse, so the last one can be undone.
 */
/** Where an edit can be shown before its mutation is stored: the list's in-memory rows. */
export interface EditPreview {
  preview(rows: readonly Transaction[]): void;
  restore(ids: readonly string[]): void;
}

/**
 * `learn`: told of every category the person sets, so the company's categoriser, when it runs,
 * learns the correction at once.
 */
export function useBookkeepingActions(
  lockedYears: ReadonlySet<number>,
  shown: EditPreview | null = null,
  learn: ((rows: readonly Transaction[], category: CategoryKey) => void) | null = null,
) {
  const { t } = useTranslation('bookkeeping');
  const toast = useToast();
  const [last, setLastState] = useState<LastAction | null>(null);
  // Read by `undo`, which a key may call before the page has rendered the last change.
  const lastRef = useRef(last);
  const setLast = useCallback((action: LastAction | null) => {
    lastRef.current = action;
    setLastState(action);
  }, []);

  const mutate = useCallback(async <Name extends MutatorName>(name: Name, args: MutatorArgs<Name>) => {
    const engine = await syncEngine();
    if (!engine) throw new Error('no sync engine');
    await engine.mutate(name, args);
  }, []);

  /** Runs an action; false (after telling the user why) when it was refused or failed. */
  const attempt = useCallback(
    async (kind: ActionKind, run: () => Promise<void>): Promise<boolean> => {
      try {
        await run();
        return true;
      } catch (error) {
        if (isMutationRejection(error)) toast.show(t([`editing.refused.${error.code}`, 'editing.refused.invalid']), 'error');
        else {
          console.error('bookkeeping change failed', error);
          toast.show(t(`editing.failed.${kind}`), 'error');
        }
        return false;
      }
    },
    [t, toast],
  );

  /** The rows that may change; tells the user when blocked ones, or ones of a declared year, were left out. */
  const editable = useCallback(
    (rows: readonly Transaction[]) => {
      const skipped = { blocked: 0, declaration_sent: 0 };
      const open = rows.filter((row) => {
        const reason = readOnlyReason(row, lockedYears);
        if (reason) skipped[reason] += 1;
        return reason === null;
      });
      if (skipped.blocked > 0) toast.show(t('editing.blockedSkipped', { count: skipped.blocked }), 'error');
      if (skipped.declaration_sent > 0) toast.show(t('editing.lockedSkipped', { count: skipped.declaration_sent }), 'error');
      return open;
    },
    [lockedYears, t, toast],
  );

  const now = () => new Date().toISOString();

  /**
   * Runs an edit of `rows`, shown at once as `edited` when the screen can (and read back if it
   * fails). `edited` is the row as the mutation will store it, its `updatedAt` too, so the
   * database's confirmation finds the row already shown and repaints nothing. Its undo is
   * remembered at once too, so a Ctrl+Z pressed before the edit is stored undoes this edit, not
   * the one before; a refused edit forgets it.
   */
  const attemptShown = useCallback(
    async (kind: ActionKind, rows: readonly Transaction[], edit: (row: Transaction) => Transaction, run: () => Promise<void>, undo: () => Promise<void>) => {
      shown?.preview(rows.map(edit));
      const action: LastAction = { kind, count: rows.length, undo };
      setLast(action);
      const done = await attempt(kind, run);
      if (!done) {
        shown?.restore(rows.map((row) => row.id));
        if (lastRef.current === action) setLast(null);
      }
      return done;
    },
    [attempt, setLast, shown],
  );

  const applyCategory = useCallback(
    async (groups: Map<CategoryKey | null, string[]>, updatedAt = now()) => {
      for (const [category, ids] of groups) {
        for (const slice of chunks(ids)) {
          if (slice.length === 1) await mutate('setTransactionCategory', { id: slice[0]!, category, updatedAt });
          else await mutate('setTransactionsCategory', { ids: slice, category, updatedAt });
        }
      }
    },
    [mutate],
  );

  const applyChecked = useCallback(
    async (groups: Map<boolean, string[]>, updatedAt = now()) => {
      for (const [checked, ids] of groups) {
        for (const slice of chunks(ids)) {
          if (slice.length === 1) await mutate('setTransactionChecked', { id: slice[0]!, checked, updatedAt });
          else await mutate('setTransactionsChecked', { ids: slice, checked, updatedAt });
        }
      }
    },
    [mutate],
  );

  /** Sets each row's category as `categoryOf` says (an accepted suggestion per row, or one category for all), as one undoable change. */
  const categoriseEach = useCallback(
    async (rows: readonly Transaction[], categoryOf: (row: Transaction) => CategoryKey | null) => {
      const targets = editable(rows).filter((row) => row.category !== categoryOf(row));
      if (targets.length === 0) return false;
      const before = groupBy(targets, (row) => row.category);
      const after = groupBy(targets, categoryOf);
      const updatedAt = now();
      const done = await attemptShown(
        'category',
        targets,
        (row) => ({ ...row, category: categoryOf(row), updatedAt }),
        () => applyCategory(after, updatedAt),
        () => applyCategory(before),
      );
      if (done) {
        // Remembered on this device, so the categoriser trains on it again, checked or not (decision 048).
        const corrections = targets.flatMap((row) => {
          const category = categoryOf(row);
          return category === null ? [] : [{ id: row.id, companyId: row.companyId, category }];
        });
        void currentUserDatabase()
          ?.categoriserCorrections.bulkPut(corrections)
          .catch((error) => console.error('the correction could not be remembered', error));
        for (const [category, ids] of after) {
          if (category === null) continue;
          const learnt = new Set(ids);
          learn?.(
            targets.filter((row) => learnt.has(row.id)),
            category,
          );
        }
      }
      return done;
    },
    [applyCategory, attemptShown, editable, learn],
  );

  const categorise = useCallback((rows: readonly Transaction[], category: CategoryKey | null) => categoriseEach(rows, () => category), [categoriseEach]);

  const setChecked = useCallback(
    async (rows: readonly Transaction[], checked: boolean) => {
      const targets = editable(rows).filter((row) => row.checked !== checked);
      if (targets.length === 0) return false;
      const ids = targets.map((row) => row.id);
      const updatedAt = now();
      return attemptShown(
        'checked',
        targets,
        (row) => ({ ...row, checked, updatedAt }),
        () => applyChecked(new Map([[checked, ids]]), updatedAt),
        () => applyChecked(new Map([[!checked, ids]])),
      );
    },
    [applyChecked, attemptShown, editable],
  );

  const setMerchant = useCallback(
    async (row: Transaction, merchant: string) => {
      if (editable([row]).length === 0 || (row.merchant ?? '') === merchant.trim()) return false;
      const previous = row.merchant;
      const next = merchant.trim() || null;
      const updatedAt = now();
      return attemptShown(
        'merchant',
        [row],
        (shownRow) => ({ ...shownRow, merchant: next, updatedAt }),
        () => mutate('setTransactionMerchant', { id: row.id, merchant: next, updatedAt }),
        () => mutate('setTransactionMerchant', { id: row.id, merchant: previous, updatedAt: now() }),
      );
    },
    [attemptShown, editable, mutate],
  );

  const setNote = useCallback(
    async (row: Transaction, note: string) => {
      if (editable([row]).length === 0 || row.note === note.trim()) return false;
      const previous = row.note;
      const updatedAt = now();
      return attemptShown(
        'note',
        [row],
        (shownRow) => ({ ...shownRow, note, updatedAt }),
        () => mutate('setTransactionNote', { id: row.id, note, updatedAt }),
        () => mutate('setTransactionNote', { id: row.id, note: previous, updatedAt: now() }),
      );
    },
    [attemptShown, editable, mutate],
  );

  const remove = useCallback(
    async (rows: readonly Transaction[]) => {
      const targets = editable(rows);
      if (targets.length === 0) return false;
      const done = await attempt('delete', async () => {
        for (const slice of chunks(targets)) {
          if (slice.length === 1) await mutate('deleteTransaction', { id: slice[0]!.id });
          else await mutate('deleteTransactions', { ids: slice.map((row) => row.id) });
        }
      });
      if (done) {
        setLast({
          kind: 'delete',
          count: targets.length,
          undo: async () => {
            for (const slice of chunks(targets)) await mutate('restoreTransactions', { transactions: slice.map((row) => ({ ...row, receipt: null })) });
          },
        });
      }
      return done;
    },
    [attempt, editable, mutate, setLast],
  );

  const undo = useCallback(async () => {
    const action = lastRef.current;
    if (!action) return false;
    setLast(null);
    const done = await attempt(action.kind === 'delete' ? 'restore' : action.kind, action.undo);
    if (done) toast.show(t('editing.undone'), 'info');
    return done;
  }, [attempt, setLast, t, toast]);

  /** Remembers an action made elsewhere (a created transaction, an attached receipt) as the one to undo. */
  const remember = useCallback((action: LastAction) => setLast(action), [setLast]);

  return useMemo(
    () => ({ last, categorise, categoriseEach, setChecked, setMerchant, setNote, remove, undo, remember, attempt, mutate }),
    [last, categorise, categoriseEach, setChecked, setMerchant, setNote, remove, undo, remember, attempt, mutate],
  );
}
