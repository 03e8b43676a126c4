import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoriser } from '@src/features/categoriser/use-categoriser';
import { useCategorySuggestions } from '../hooks/use-category-suggestions';
import { Link, useNavigate } from 'react-router-dom';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import { currentUserDatabase } from '@sync/client/db';
import type { MutatorArgs } from '@sync/mutators';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { lazyDialog } from '@src/components/dialog/lazy-dialog';
import { useToast } from '@src/components/toast/toast-provider';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { href, paths } from '@src/lib/paths';
import { localToday } from '@domain/days';
import { filterTransactions, patchView, viewAfterMerge, type FilteredView } from '../filter-engine';
import type { TransactionFilters } from '../filters';
import { useBookkeepingActions } from '../hooks/use-bookkeeping-actions';
import { useAccountOptions } from '../hooks/use-account-options';
import { useListFilters } from '../hooks/use-list-filters';
import { useUndoShortcut } from '../hooks/use-undo-shortcut';
import { useReceiptQueue } from '../hooks/use-receipt-queue';
import { useTransactionStore } from '../hooks/use-transactions';
import type { TransactionSnapshot } from '../db/transaction-store';
import { useLockedYears } from '../hooks/use-locked-years';
import { readOnlyReason } from '../read-only';
import { commandForKey, emptyCursor, reduceCursor, targetIds, type CursorAction, type ListCursor, type ListShape } from '../keyboard';
import { AcceptSuggestionsBar, BulkBar } from './bulk-bar';
import { CorrectionFollowUp, type Correction } from './correction-follow-up';
import type { ExportSource } from './export-dialog';
import { FilterBar } from './filter-bar';
import { ListTotals } from './list-totals';
import { ReceiptInbox } from './receipt-inbox';
import { ShortcutsDialog } from './shortcuts-dialog';
import type { EditingCell } from './grid-row';
import { TransactionGrid } from './transaction-grid';
import styles from './bookkeeping.module.css';

const CreateTransactionDialog = lazyDialog(
  () => import('./create-transaction-dialog').then((module) => module.CreateTransactionDialog),
  ['validation', 'errors'],
);
const ExportDialog = lazyDialog(() => import('./export-dialog').then((module) => module.ExportDialog));

/**
 * One company's books in the workspace: the filtered list with its keyboard, totals, toolbar,
 * dialogs, receipt inbox and export. The list takes the height its tab leaves (decision 065).
 */
interface CompanyBooksProps {
  companyId: string;
  /** For the export's file names. */
  companyName: string;
  toolbar?: ReactNode;
}

export function CompanyBooks({ companyId, companyName, toolbar }: CompanyBooksProps) {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const db = useMemo(() => currentUserDatabase(), []);
  const { snapshot, store } = useTransactionStore(db, companyId);
  const lockedYears = useLockedYears(db, companyId);
  // Edits are painted from memory at once; the database's change feed then confirms them.
  // Every category set here teaches the company's categoriser, which suggests in the rows.
  const categoriser = useCategoriser(companyId);
  const { learn } = categoriser;
  const learnQuietly = useCallback(
    (rows: readonly Transaction[], category: CategoryKey) =>
      void learn(rows, category).catch((error) => console.error('the categoriser could not learn', error)),
    [learn],
  );
  // A category the person set on one row (not a bulk change): followed by "apply to similar" and a rule.
  const [correction, setCorrection] = useState<Correction | null>(null);
  const actions = useBookkeepingActions(lockedYears, store, learnQuietly);
  const receipts = useReceiptQueue(db, companyId, lockedYears);
  const { accountOptions, accountName } = useAccountOptions(db, companyId);

  const [filters, setFilters] = useListFilters();
  const today = localToday();
  // A change of the rows right after the last view's, under the same filters, carries that view
  // over: an edit in place patches it (one test per edited row), a merge keeps each carried row
  // in or out (a test per added row). Anything else filters again.
  const lastView = useRef<{ snapshot: TransactionSnapshot; filters: TransactionFilters; today: string; view: FilteredView } | null>(null);
  const view = useMemo(() => {
    const last = lastView.current;
    let carried: FilteredView | null = null;
    if (last && last.snapshot.version === snapshot.version - 1 && last.filters === filters && last.today === today) {
      if (snapshot.changed) carried = patchView(last.view, snapshot, snapshot.changed, filters, today);
      else if (snapshot.sourceOf) carried = viewAfterMerge(last.view, snapshot, snapshot.sourceOf, filters, today);
    }
    const next = carried ?? filterTransactions(snapshot, filters, today);
    lastView.current = { snapshot, filters: filters, today, view: next };
    return next;
  }, [snapshot, filters, today]);

  // What the export writes: the view the list shows when it starts (read then, so the export's
  // dialog is not drawn again at each filter change).
  const exportSource = useCallback((): ExportSource => {
    const { snapshot: shown, view: shownView, filters: shownFilters } = lastView.current!;
    return { rows: shown.rows, order: shownView.order, filters: shownFilters };
  }, []);

  const shape = useMemo<ListShape>(
    () => ({ count: view.order.length, pageSize: 10, idAt: (position) => snapshot.rows[view.order[position]!]!.id }),
    [snapshot, view],
  );
  const shapeRef = useRef(shape);
  shapeRef.current = shape;
  const [cursor, dispatch] = useReducer((state: ListCursor, action: CursorAction) => reduceCursor(state, action, shapeRef.current), emptyCursor);
  useEffect(() => dispatch({ type: 'clamp' }), [view]);

  const suggested = useCategorySuggestions(categoriser, snapshot, view.order, lockedYears, actions);
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [help, setHelp] = useState(false);
  const [creating, setCreating] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<Transaction[] | null>(null);
  const [bulkCategory, setBulkCategory] = useState(false);
  const [exporting, setExporting] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const rowOf = useCallback(
    (id: string) => {
      const index = snapshot.byId.get(id);
      return index === undefined ? undefined : snapshot.rows[index];
    },
    [snapshot],
  );
  const targets = useCallback(
    () =>
      targetIds(cursor, shape, (id) => snapshot.byId.has(id))
        .map(rowOf)
        .filter((row): row is Transaction => row !== undefined),
    [cursor, rowOf, shape, snapshot],
  );
  const focusGrid = () => requestAnimationFrame(() => gridRef.current?.focus());
  const activeRow = cursor.active >= 0 && cursor.active < view.order.length ? snapshot.rows[view.order[cursor.active]!] : undefined;

  const editCell = (field: EditingCell['field']) => {
    if (!activeRow) return;
    const readOnly = readOnlyReason(activeRow, lockedYears);
    if (readOnly) {
      toast.show(t(`editing.refused.${readOnly}`), 'error');
      return;
    }
    setEditing({ id: activeRow.id, field });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const command = commandForKey(event);
    if (!command) return;
    event.preventDefault();
    switch (command) {
      case 'toggleChecked': {
        const rows = targets();
        if (rows.length > 0) void actions.setChecked(rows, !rows.every((row) => row.checked));
        return;
      }
      case 'editCategory':
        if (cursor.selected.size > 0) setBulkCategory(true);
        else editCell('category');
        return;
      case 'acceptSuggestion':
        suggested.accept(targets());
        return;
      case 'editMerchant':
        return editCell('merchant');
      case 'editNote':
        return editCell('note');
      case 'open':
        if (activeRow) void navigate(href(language, paths.transaction(activeRow.id)));
        return;
      case 'delete': {
        const rows = targets();
        if (rows.length > 0) setConfirmDelete(rows);
        return;
      }
      case 'undo':
        void actions.undo();
        return;
      case 'help':
        setHelp(true);
        return;
      case 'search':
        searchRef.current?.focus();
        return;
      case 'create':
        setCreating(true);
        return;
      default:
        dispatch({ type: 'command', command });
    }
  };

  useUndoShortcut(actions.undo, gridRef);

  const finishEdit = () => {
    setEditing(null);
    focusGrid();
  };

  const onCategory = async (row: Transaction, category: CategoryKey | null) => {
    finishEdit();
    if ((await actions.categorise([row], category)) && category) setCorrection({ row, category });
  };
  const onText = async (row: Transaction, field: 'merchant' | 'note', value: string) => {
    finishEdit();
    if (field === 'merchant') await actions.setMerchant(row, value);
    else await actions.setNote(row, value);
  };

  // Stable, so the dialogs (memoised) skip the page's renders of each filter change and edit.
  const closeHelp = useCallback(() => {
    setHelp(false);
    requestAnimationFrame(() => gridRef.current?.focus());
  }, []);
  const cancelCreate = useCallback(() => setCreating(false), []);
  const closeExport = useCallback(() => setExporting(false), []);
  const { attempt, mutate, remember } = actions;
  const create = useCallback(
    async (transaction: MutatorArgs<'createTransaction'>['transaction']) => {
      const id = crypto.randomUUID();
      const created = await attempt('create', () => mutate('createTransaction', { id, companyId, createdAt: new Date().toISOString(), transaction }));
      if (created) {
        setCreating(false);
        toast.show(t('editing.create.done'), 'success');
        remember({ kind: 'create', count: 1, undo: () => mutate('deleteTransaction', { id }) });
      }
      return created;
    },
    [attempt, companyId, mutate, remember, t, toast],
  );

  const selectedRows = cursor.selected.size > 0 ? targets() : [];
  const { totals } = view;
  // Translated once per language (and count): the page renders at every edit and filter change.
  const labels = useMemo(
    () => ({
      toolbar: t('list.toolbar'),
      create: t('editing.create.open'),
      export: t('export.open'),
      shortcuts: t('editing.shortcuts.open'),
      keyboardHint: t('list.keyboardHint'),
      loading: t('list.loading'),
      empty: t('list.empty'),
      emptyDemo: t('list.emptyDemo'),
      noMatch: t('list.noMatch'),
    }),
    [t],
  );
  const gridLabel = useMemo(() => t('list.gridLabel', { count: totals.count }), [t, totals.count]);

  return (
    <>
      <div className={styles.listBar}>
        <div className={styles.toolbar} role="toolbar" aria-label={labels.toolbar}>
          <Button size="small" onClick={() => setCreating(true)}>
            {labels.create}
          </Button>
          {toolbar}
          <ReceiptInbox rows={snapshot.rows} language={language} queue={receipts} />
          <Button size="small" variant="secondary" onClick={() => setExporting(true)}>
            {labels.export}
          </Button>
          <Button size="small" variant="ghost" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            {labels.shortcuts}
          </Button>
          {actions.last && (
            <Button size="small" variant="secondary" onClick={() => void actions.undo()} aria-keyshortcuts="Control+Z">
              {t(`editing.undo.${actions.last.kind}`, { count: actions.last.count })}
            </Button>
          )}
        </div>

        <ListTotals totals={totals} language={language} />
      </div>

      <FilterBar filters={filters} accounts={accountOptions} onChange={setFilters} searchRef={searchRef} />

      {selectedRows.length > 0 && (
        <BulkBar
          rows={selectedRows}
          picking={bulkCategory}
          onPicking={setBulkCategory}
          onCategorise={(category) => {
            setBulkCategory(false);
            focusGrid();
            void actions.categorise(selectedRows, category);
          }}
          onSetChecked={(checked) => void actions.setChecked(selectedRows, checked)}
          onDelete={() => setConfirmDelete(selectedRows)}
          onClear={() => dispatch({ type: 'command', command: 'clearSelection' })}
        />
      )}

      {(suggested.suggestions.size > 0 || suggested.looking) && (
        <AcceptSuggestionsBar
          looking={suggested.looking}
          count={suggested.above}
          threshold={suggested.threshold}
          language={language}
          onThreshold={suggested.setThreshold}
          onAccept={() => {
            // The button is disabled once nothing is left above the threshold: the grid keeps the focus.
            focusGrid();
            suggested.acceptAbove();
          }}
        />
      )}

      {correction && (
        <CorrectionFollowUp
          key={`${correction.row.id}|${correction.category}`}
          correction={correction}
          categoriser={categoriser}
          snapshot={snapshot}
          language={language}
          categorise={actions.categorise}
          onClose={() => {
            setCorrection(null);
            focusGrid();
          }}
        />
      )}

      {/* Read with the grid (its description); on screen, the shortcuts button says the same. */}
      <p className={styles.visuallyHidden} id="grid-hint">
        {labels.keyboardHint}
      </p>
      <TransactionGrid
        rows={snapshot.rows}
        order={view.order}
        language={language}
        filters={filters}
        cursor={cursor}
        editing={editing}
        waitingReceipts={receipts.waiting}
        lockedYears={lockedYears}
        suggestions={suggested.suggestions}
        accountName={accountName}
        gridLabel={gridLabel}
        gridRef={gridRef}
        onKeyDown={onKeyDown}
        onFocusRow={(position) => {
          dispatch({ type: 'focus', position });
          gridRef.current?.focus();
        }}
        onSelectRow={(position, range) => dispatch({ type: 'select', position, range })}
        onSort={(sort) => setFilters({ ...filters, sort, order: filters.sort === sort && filters.order === 'desc' ? 'asc' : 'desc' })}
        onToggleChecked={(row) => void actions.setChecked([row], !row.checked)}
        onEdit={(cell) => {
          if (cell) {
            const position = view.order.findIndex((index) => snapshot.rows[index]!.id === cell.id);
            if (position >= 0) dispatch({ type: 'focus', position });
            setEditing(cell);
          } else finishEdit();
        }}
        onCategory={(row, category) => void onCategory(row, category)}
        onAcceptSuggestion={(row) => suggested.accept([row])}
        onText={(row, field, value) => void onText(row, field, value)}
        onDropFiles={(row, files) => void receipts.attach(row, files)}
        empty={
          !snapshot.loaded ? (
            <p role="status">{labels.loading}</p>
          ) : snapshot.rows.length === 0 ? (
            <div className={styles.emptyState}>
              <p>{labels.empty}</p>
              <Link to={href(language, paths.accountingAi)}>{labels.emptyDemo}</Link>
            </div>
          ) : (
            <p>{labels.noMatch}</p>
          )
        }
      />

      <ExportDialog
        open={exporting}
        onClose={closeExport}
        companyId={companyId}
        companyName={companyName}
        language={language}
        accountName={accountName}
        source={exportSource}
      />
      <ShortcutsDialog open={help} onClose={closeHelp} />
      <CreateTransactionDialog open={creating} language={language} accounts={accountOptions} onCancel={cancelCreate} onCreate={create} />
      <ConfirmDialog
        open={confirmDelete !== null}
        tone="danger"
        title={confirmDelete ? t('editing.delete.title', { count: confirmDelete.length }) : ''}
        description={confirmDelete ? t('editing.delete.body', { count: confirmDelete.length }) : ''}
        confirmLabel={confirmDelete ? t('editing.delete.confirm') : ''}
        cancelLabel={confirmDelete ? t('editing.cancel') : ''}
        onCancel={() => {
          setConfirmDelete(null);
          focusGrid();
        }}
        onConfirm={() => {
          const rows = confirmDelete ?? [];
          setConfirmDelete(null);
          dispatch({ type: 'setSelection', ids: [] });
          focusGrid();
          void actions.remove(rows);
        }}
      />
    </>
  );
}
