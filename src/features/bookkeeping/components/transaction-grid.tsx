import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import type { RowSuggestion } from '@src/features/categoriser/use-row-suggestions';
import type { TransactionFilters } from '../filters';
import type { ListCursor } from '../keyboard';
import { readOnlyReason } from '../read-only';
import { GridRow, rowLabels, type EditingCell, type RowHandlers } from './grid-row';
import styles from './bookkeeping.module.css';

interface TransactionGridProps {
  rows: readonly Transaction[];
  order: Uint32Array;
  language: Language;
  filters: TransactionFilters;
  cursor: ListCursor;
  editing: EditingCell | null;
  /** Transactions whose receipt waits on this device for upload. */
  waitingReceipts: ReadonlySet<string>;
  /** Years whose declaration is sent: their rows are read-only. */
  lockedYears: ReadonlySet<number>;
  /** The categoriser's suggestions for uncategorised rows, by id. */
  suggestions: ReadonlyMap<string, RowSuggestion>;
  accountName(row: Transaction): string;
  gridLabel: string;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onFocusRow(position: number): void;
  onSelectRow(position: number, range: boolean): void;
  onSort(sort: TransactionFilters['sort']): void;
  onToggleChecked(row: Transaction): void;
  onEdit(cell: EditingCell | null): void;
  onCategory(row: Transaction, category: CategoryKey | null): void;
  onAcceptSuggestion(row: Transaction): void;
  onText(row: Transaction, field: 'merchant' | 'note', value: string): void;
  onDropFiles(row: Transaction, files: File[]): void;
  /** Where the grid's focus container is, so the page can return focus after an edit. */
  gridRef: React.RefObject<HTMLDivElement | null>;
  empty: ReactNode;
}

// A dense row on wide screens (decision 065: a dozen rows at 1,284 × 900, as in a spreadsheet);
// a two-line card on phones.
const rowHeight = (narrow: boolean) => (narrow ? 84 : 40);

function useNarrow(): boolean {
  const query = '(max-width: 767px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}

/**
 * The transactions table: an ARIA grid whose rows are virtualised (only the rows in view and
 * a few around exist in the DOM, so 50,000 rows scroll like 50). The grid holds the focus and
 * points at the active row with `aria-activedescendant`; keys are handled by the page.
 */
export function TransactionGrid(props: TransactionGridProps) {
  const { t } = useTranslation('bookkeeping');
  const labels = useMemo(() => rowLabels(t), [t]);
  const navigate = useNavigate();
  const { rows, order, cursor, filters } = props;
  const narrow = useNarrow();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Rows are memoised on their data; they call the page through this stable object, which
  // always reaches the page's latest callbacks.
  const latest = useRef(props);
  latest.current = props;
  const handlers = useMemo<RowHandlers>(
    () => ({
      sort: (column) => latest.current.onSort(column),
      focusRow: (position) => latest.current.onFocusRow(position),
      selectRow: (position, range) => latest.current.onSelectRow(position, range),
      toggleChecked: (row) => latest.current.onToggleChecked(row),
      edit: (cell) => latest.current.onEdit(cell),
      category: (row, category) => latest.current.onCategory(row, category),
      acceptSuggestion: (row) => latest.current.onAcceptSuggestion(row),
      text: (row, field, value) => latest.current.onText(row, field, value),
      dropFiles: (row, files) => latest.current.onDropFiles(row, files),
      // A plain link (a router Link in every row would repaint every row on each URL change,
      // i.e. each filter change); a plain click navigates within the app.
      openLink: (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(event.currentTarget.getAttribute('href')!);
      },
    }),
    [navigate],
  );
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight(narrow),
    // Rows drawn beyond the view on each side: every row drawn is laid out and painted again at
    // each filter change.
    overscan: 2,
  });
  useEffect(() => virtualizer.measure(), [narrow, virtualizer]);
  // Only when the active row moves: scrolling to it measures the list (a forced layout), which a
  // filter change (a new length, the same active position) must not pay.
  const scrolledTo = useRef(cursor.active);
  useEffect(() => {
    if (cursor.active === scrolledTo.current) return;
    scrolledTo.current = cursor.active;
    if (cursor.active >= 0 && cursor.active < order.length) virtualizer.scrollToIndex(cursor.active, { align: 'auto' });
  }, [cursor.active, order.length, virtualizer]);

  const activeRow = cursor.active >= 0 ? rows[order[cursor.active]!] : undefined;
  // Rows are keyed by their position modulo the number drawn, not by transaction: a row scrolled
  // out of view lends its elements to the one scrolled in (a jump across the list rewrites them
  // all), and a filter change rewrites the rows in view. Creating the rows scrolled in, some
  // twenty form controls each, and collecting the ones scrolled out made the long garbage
  // collections of a fast scroll. The number drawn is the most the view has needed, so it stays
  // the same as the list scrolls; the row being edited keeps its own key, so its editor stays.
  const height = rowHeight(narrow);
  const inView = virtualizer.getVirtualItems();
  const drawn = useRef(0);
  drawn.current = Math.max(drawn.current, inView.length);
  const pool = drawn.current;
  const first = Math.max(0, Math.min(inView[0]?.index ?? 0, order.length - pool));
  const positions = Array.from({ length: Math.min(pool, order.length - first) }, (_, offset) => first + offset);

  return (
    <div
      ref={props.gridRef}
      role="grid"
      aria-label={props.gridLabel}
      aria-describedby="grid-hint"
      aria-rowcount={order.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeRow && !props.editing ? `row-${activeRow.id}` : undefined}
      tabIndex={0}
      className={styles.grid}
      onKeyDown={props.onKeyDown}
    >
      <GridHeader sort={filters.sort} order={filters.order} onSort={handlers.sort} />
      <div ref={scrollRef} className={styles.scroller} data-testid="transaction-scroller">
        {order.length === 0 ? (
          <div className={styles.empty}>{props.empty}</div>
        ) : (
          <div className={styles.scrollBody} style={{ height: virtualizer.getTotalSize() }}>
            {positions.map((position) => {
              const row = rows[order[position]!]!;
              const edited = props.editing?.id === row.id;
              return (
                <GridRow
                  key={edited ? row.id : position % pool}
                  row={row}
                  position={position}
                  top={position * height}
                  height={height}
                  active={position === cursor.active}
                  selected={cursor.selected.has(row.id)}
                  editing={edited ? props.editing!.field : null}
                  waitingReceipt={props.waitingReceipts.has(row.id)}
                  readOnly={readOnlyReason(row, props.lockedYears)}
                  suggestion={row.category === null ? props.suggestions.get(row.id) : undefined}
                  accountName={props.accountName(row)}
                  language={props.language}
                  t={t}
                  labels={labels}
                  handlers={handlers}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface GridHeaderProps {
  sort: TransactionFilters['sort'];
  order: TransactionFilters['order'];
  onSort(sort: TransactionFilters['sort']): void;
}

/** The column headers, with the two sortable ones: painted again only when the sort changes. */
const GridHeader = memo(function GridHeader({ sort, order, onSort }: GridHeaderProps) {
  const { t } = useTranslation('bookkeeping');
  const plain = (label: string, className: string | undefined) => (
    <span role="columnheader" className={className}>
      {label}
    </span>
  );
  const sortable = (column: TransactionFilters['sort'], label: string, className: string | undefined) => (
    <span role="columnheader" aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{sort === column ? (order === 'asc' ? ' ↑' : ' ↓') : ''}</span>
      </button>
    </span>
  );
  return (
    <div role="row" aria-rowindex={1} className={`${styles.row} ${styles.headerRow}`}>
      <span role="columnheader" className={styles.selectCell}>
        <span className={styles.visuallyHidden}>{t('list.columns.select')}</span>
      </span>
      {sortable('date', t('list.columns.date'), styles.dateCell)}
      {plain(t('list.columns.description'), styles.descriptionCell)}
      {plain(t('list.columns.merchant'), styles.merchantCell)}
      {plain(t('list.columns.account'), styles.accountCell)}
      {plain(t('list.columns.category'), styles.categoryCell)}
      {sortable('amount', t('list.columns.amount'), styles.amountCell)}
      {plain(t('list.columns.receipt'), styles.receiptCell)}
      {plain(t('list.columns.checked'), styles.checkedCell)}
    </div>
  );
});
